import Decoding
import OCR
import Foundation
import Imaging
import XCTest

/// `TextReader(concurrentReads: true)` reads a block both ways up at once on a second engine, to cut one card's
/// latency; it must read exactly what the one-engine reader reads (same lines, same boxes, same turn), since the
/// choice between the two readings is the same code either way. Real tesseract on the sample photos turned 180°
/// (both ways up are read there) and a few upright ones.
final class ConcurrentReadsTests: XCTestCase {
    func testTwoEnginesReadWhatOneReads() throws {
        let names = ["gb-nhs-card-05", "gb-nhs-print-04", "gg-ssn-card-03", "je-ssn-card-09", "gb-nhs-card-00", "je-health-card-01"]
        let loader = ImageLoader()
        let one = try TextReader.asConfigured(), two = try TextReader.asConfigured(concurrentReads: true)
        var turnedRead = 0
        for name in names {
            let image = try loader.load(contentsOf: "\(TestPaths.samples)/\(name).jpg")
            let a = one.read(image), b = two.read(image)
            XCTAssertEqual(a.lines.map(\.text), b.lines.map(\.text), name)
            XCTAssertEqual(a.lines.map(\.bounds), b.lines.map(\.bounds), name)
            XCTAssertEqual(a.quarterTurns, b.quarterTurns, name)
            XCTAssertFalse(a.lines.isEmpty, "\(name) has text")
            if a.quarterTurns == 2 { turnedRead += 1 }
        }
        XCTAssertGreaterThanOrEqual(turnedRead, 2, "the upside-down samples were read turned")
    }
}
