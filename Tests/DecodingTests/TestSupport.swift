import Evaluation
import Foundation
import XCTest

/// Paths the tests use: the package root, the shared corpus beside it, a scratch folder per test.
enum TestPaths {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let corpus = (packageRoot as NSString).appendingPathComponent("../shared/corpus/barcodes")
    static let samples = (packageRoot as NSString).appendingPathComponent("SampleImages")

    /// A test over ../shared skips when it is missing on a developer's machine, and fails under `CI=true`
    /// (`SharedCorpus`, the rule every test target follows).
    static func requireCorpus(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let missing = SharedCorpus.missing(path, environment: environment) else { return }
        if missing.inCI { throw missing }
        throw XCTSkip(missing.description)
    }

    /// The ground truth beside a sample photo (`SampleImages/NAME.json`).
    static func sampleTruth(_ name: String) throws -> [String: Any] {
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(samples)/\(name).json")))
        return truth as? [String: Any] ?? [:]
    }

    /// The ground-truth fields beside a sample photo.
    static func sampleFields(_ name: String) throws -> [String: Any] {
        try sampleTruth(name)["fields"] as? [String: Any] ?? [:]
    }

    /// ../shared/corpus/cards-dev: 120 card photos with ground truth.
    static let cardsDev = (packageRoot as NSString).appendingPathComponent("../shared/corpus/cards-dev")

    /// The ground-truth fields of a cards-dev photo (`img_0011` for img_0011.json); the set must be there
    /// (`requireCorpus`).
    static func cardsDevFields(_ name: String) throws -> [String: Any] {
        try requireCorpus(cardsDev)
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(cardsDev)/\(name).json")))
        return (truth as? [String: Any])?["fields"] as? [String: Any] ?? [:]
    }

    static func scratchFolder(_ name: String = #function) throws -> String {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-tests-\(getpid())-\(name.filter(\.isLetter))")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
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
