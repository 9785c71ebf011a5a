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

/// Runs a program (zint, convert) and fails the test if it does not succeed.
@discardableResult
func runTool(_ tool: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        XCTFail("\(tool) \(arguments.joined(separator: " ")) failed: \(String(decoding: errors, as: UTF8.self))", file: file, line: line)
        throw CocoaError(.executableLoad)
    }
    return String(decoding: data, as: UTF8.self)
}
