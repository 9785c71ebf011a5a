import Foundation
import XCTest

/// Every input kept in a fuzz corpus (seeds, and any input that once crashed) is replayed through the same code
/// the fuzzer drives, with real decoders: a fixed crash that comes back fails here, in every test run.
final class FuzzCorpusTests: XCTestCase {
    func testEveryCorpusInputReplaysWithoutACrash() throws {
        let binary = (ScanCommandTests.binary as NSString).deletingLastPathComponent + "/cardscan-fuzz"
        for target in ["image", "exif", "barcodes", "recognition", "session-command", "cards-json"] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: binary)
            p.arguments = [target]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            XCTAssertEqual(p.terminationReason, .exit, "\(target) crashed: \(text)")
            XCTAssertEqual(p.terminationStatus, 0, "\(target): \(text)")
            let replayed = Int(text.split(separator: ":").last?.split(separator: " ").first ?? "") ?? 0
            XCTAssertGreaterThan(replayed, 0, "\(target) has a corpus: \(text)")
        }
    }
}
