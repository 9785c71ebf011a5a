@testable import OCR
import XCTest

/// How many unsure lines of one photo are read again (turned round, sharpened, unsmeared): every one on a card
/// alone; the tallest `rereadsPerPhoto` among a newspaper's or a desk's hundred unreadable lines.
final class RereadBudgetTests: XCTestCase {
    func testEveryUnsureLineOfACardIsReadAgain() {
        let few = Array(0..<DetectedLineReading.rereadsPerPhoto)
        XCTAssertEqual(DetectedLineReading.worthRereading(few) { Double(100 - $0) }, few)
    }

    func testAmongManyTheTallestAreReadAgainInTheirOrder() {
        // 128 lines: small print (10 px) with a card's lines (30 px) at 7, 50 and 120.
        let heights = (0..<128).map { [7, 50, 120].contains($0) ? 30.0 : 10.0 + Double($0 % 5) / 10 }
        let kept = DetectedLineReading.worthRereading(Array(heights.indices)) { heights[$0] }
        XCTAssertEqual(kept.count, DetectedLineReading.rereadsPerPhoto)
        XCTAssertTrue([7, 50, 120].allSatisfy(kept.contains), "the card's lines are among them")
        XCTAssertEqual(kept, kept.sorted(), "read in the photo's order")
        XCTAssertTrue(kept.filter { ![7, 50, 120].contains($0) }.allSatisfy { heights[$0] >= 10.4 }, "then the tallest of the rest")
    }
}
