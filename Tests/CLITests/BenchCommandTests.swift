import Foundation
import XCTest

/// The real `cardscan-bench` binary as a subprocess, as an engineer benchmarking runs it: asking for help, or naming
/// a folder that is not there, gets a plain answer before any work starts.
final class BenchCommandTests: XCTestCase {
    func bench(_ arguments: [String]) throws -> ScanCommandTests.Run {
        let binary = URL(fileURLWithPath: ScanCommandTests.binary).deletingLastPathComponent().appendingPathComponent("cardscan-bench")
        return try ScanCommandTests.run(binary.path, arguments)
    }

    func testHelpPrintsTheUsage() throws {
        for args in [["--help"], ["barcodes", "--help"], ["ocr", "-h"]] {
            let run = try bench(args)
            XCTAssertEqual(run.status, 0, "\(args): \(run.stderr)")
            XCTAssertTrue(run.stdout.contains("usage: cardscan-bench barcodes DIR"), "\(args): \(run.stdout)")
        }
    }

    func testAMissingFolderIsNamed() throws {
        let run = try bench(["barcodes", "/nonexistent/photos"])
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.stderr.hasPrefix("cardscan-bench: no such folder or file: /nonexistent/photos\n"), run.stderr)
        XCTAssertFalse(run.stderr.contains("NSCocoaErrorDomain"), run.stderr)
    }

    func testAnUnknownOptionIsNamed() throws {
        let run = try bench(["barcodes", "--rusn", "3"])
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.stderr.hasPrefix("cardscan-bench: unknown option '--rusn'\n"), run.stderr)
    }

    func testAnOptionValueThatIsNoNumberIsNamed() throws {
        for (args, message) in [(["barcodes", "--runs", "x"], "--runs needs a number of at least 1, not 'x'"),
                                (["barcodes", "--runs", "0"], "--runs needs a number of at least 1, not '0'"),
                                (["barcodes", "--runs"], "--runs needs a value")] {
            let run = try bench(args)
            XCTAssertEqual(run.status, 64, "\(args)")
            XCTAssertTrue(run.stderr.hasPrefix("cardscan-bench: \(message)\n"), "\(args): \(run.stderr)")
        }
    }
}
