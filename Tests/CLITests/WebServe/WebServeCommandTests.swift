import Foundation
import XCTest

/// Starting `cardscan serve` wrongly says what to change, with the usual exit statuses.
final class WebServeCommandTests: XCTestCase {
    func testStartupProblemsSayWhatToChange() throws {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-web-start-\(getpid())")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let usage = try ScanCommandTests.cardscan(["serve", "--port", "http"])
        XCTAssertEqual(usage.status, 64, usage.stderr)
        XCTAssertEqual(try ScanCommandTests.cardscan(["serve", "--size", "big"]).status, 64)
        XCTAssertEqual(try ScanCommandTests.cardscan(["serve", "extra"]).status, 64)
        let help = try ScanCommandTests.cardscan(["serve", "--help"])
        XCTAssertTrue(help.stdout.contains("--bind") && help.stdout.contains("token"), help.stdout)

        let badBind = try ScanCommandTests.cardscan(["serve", "--bind", "my-laptop", "--store", "\(dir)/cards.db"])
        XCTAssertEqual(badBind.status, 1)
        XCTAssertTrue(badBind.stderr.contains("--bind"), badBind.stderr)

        _ = FileManager.default.createFile(atPath: "\(dir)/notes.txt", contents: Data(String(repeating: "not a store\n", count: 500).utf8))
        let badStore = try ScanCommandTests.cardscan(["serve", "--store", "\(dir)/notes.txt"])
        XCTAssertEqual(badStore.status, 1)
        XCTAssertTrue(badStore.stderr.contains("notes.txt") && badStore.stderr.contains("not a cardscan store"), badStore.stderr)

        let first = try ServeProcess(arguments: ["--store", "\(dir)/cards.db"], environment: [:])
        defer { first.stop() }
        let taken = try ScanCommandTests.cardscan(["serve", "--port", String(first.port), "--store", "\(dir)/cards.db"])
        XCTAssertEqual(taken.status, 1)
        XCTAssertTrue(taken.stderr.contains("port \(first.port)") && taken.stderr.contains("--port"), taken.stderr)
    }
}
