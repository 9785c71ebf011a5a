import CardModel
import Evaluation
import Foundation
import XCTest

/// Paths the tests use: the package root, the shared corpus beside it, a scratch folder per test (`ProjectFiles`).
typealias TestPaths = ProjectFiles

extension ProjectFiles {
    /// A test over ../shared skips when it is missing on a developer's machine, and fails under `CI=true`
    /// (`SharedCorpus`, the rule every test target follows).
    static func requireCorpus(_ path: String, settings: ProcessSettings = .current) throws {
        guard let missing = SharedCorpus.missing(path, settings: settings) else { return }
        if missing.inCI { throw missing }
        throw XCTSkip(missing.description)
    }

    /// The ground-truth fields of a cards-dev photo; the set must be there (`requireCorpus`).
    static func cardsDevFields(_ name: String) throws -> [String: Any] {
        try requireCorpus(cardsDev)
        return try truthFields(in: cardsDev, name)
    }
}
