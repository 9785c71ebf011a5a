import CardModel
import Foundation

/// The one rule for a test that needs a set in `../shared` (the barcode corpus, the card and receipt photos): it
/// runs when the set is there; on a developer's machine without it, it is skipped; under `CI=true` a missing set
/// fails the test, since a skipped corpus test in CI would pass while guarding nothing. Each test target turns
/// `missing` into its XCTest verdict (`requireCorpus`).
public enum SharedCorpus {
    public struct Missing: Error, CustomStringConvertible {
        public let path: String
        /// Whether the run is CI's (then the test fails instead of skipping).
        public let inCI: Bool
        public var description: String {
            inCI ? "\(path) is missing, and CI=true: the corpus tests must run in CI (put ../shared beside the project)"
                 : "\(path) is not beside the project"
        }
    }

    /// nil when `path` exists.
    public static func missing(_ path: String, settings: ProcessSettings) -> Missing? {
        FileManager.default.fileExists(atPath: path) ? nil : Missing(path: path, inCI: settings.inCI)
    }
}
