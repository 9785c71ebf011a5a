import CardModel
@testable import Decoding
import Foundation
import Imaging
import XCTest

/// A soft EAN-13 on a card photographed at a turn (Tests/Fixtures/retail, from `Scripts/make-barcode-photos 1`,
/// `ean13-1/05`, printed `8689508736493`). zbar, on the straightened copy, reads it on some lines and reads
/// `9682102736493` (the same right half, another valid left half) on the lines just above: two loyalty numbers for
/// one code, one of them wrong. zxing, asked about the code's neighbourhood, reads neither, so neither is reported.
final class ConflictingReadsTests: XCTestCase {
    let printed = "8689508736493", misread = "9682102736493"

    func testTwoDisagreeingReadsOfOneCodeAreNotBothReported() throws {
        let path = (TestPaths.packageRoot as NSString).appendingPathComponent("Tests/Fixtures/retail/soft-ean13-two-reads.jpg")
        let photo = try ImageLoader().load(contentsOf: path)
        // Premise: zbar on the straightened copy reads both, so an empty result below is the rule's doing.
        let straightened = try XCTUnwrap(RetryPlan.straightened(photo)).make(photo)
        XCTAssertEqual(Set(ZBarScanner(formats: [.ean13]).scan(straightened.image).map(\.text)), [printed, misread])
        let read = BarcodeReader().read(photo)
        XCTAssertFalse(read.contains { $0.text == misread }, "the misread half makes no loyalty number")
        XCTAssertLessThanOrEqual(Set(read.filter { $0.format == .ean13 }.map(\.text)).count, 1, "one code, one number")
        XCTAssertTrue(read.allSatisfy { $0.text == printed }, "whatever is reported is the printed code: \(read.map(\.text))")
    }

    func ean(_ text: String, _ x: Int, _ y: Int, _ width: Int = 200, _ height: Int = 10, _ format: BarcodeFormat = .ean13) -> Barcode {
        Barcode(format: format, text: text, bounds: Quad(x: x, y: y, width: width, height: height))
    }

    func testReadsSharingAHalfAtOnePlaceConflict() {
        // The photo's two reads as zbar placed them: a thin band just above a wider one.
        XCTAssertTrue(ConflictingReads.liesOnOneCode(ean(printed, 737, 503, 209, 36), ean(misread, 737, 477, 200, 8)))
        // A read zbar placed as a few pixels beside one spanning half the code (the photo saved again as grey JPEG).
        XCTAssertTrue(ConflictingReads.liesOnOneCode(ean(printed, 640, 354, 2, 8), ean("9622108736493", 637, 314, 98, 32)))
        XCTAssertTrue(ConflictingReads.liesOnOneCode(ean("96385074", 0, 0, 120, 10, .ean8), ean("96381234", 0, 12, 120, 10, .ean8)))
        XCTAssertEqual(ConflictingReads.pairs(in: [ean(printed, 0, 0), ean("1234567890128", 600, 0), ean(misread, 0, 14)]).map { [$0.0, $0.1] },
                       [[0, 2]])
    }

    func testDifferentCodesDoNotConflict() {
        XCTAssertFalse(ConflictingReads.liesOnOneCode(ean(printed, 0, 0), ean(printed, 0, 14)), "the same text is one code seen twice")
        XCTAssertFalse(ConflictingReads.liesOnOneCode(ean(printed, 0, 0), ean("1234567890128", 0, 14)), "no half shared")
        // Two products of one maker (the same left half) side by side, more than half a code's length apart.
        XCTAssertFalse(ConflictingReads.liesOnOneCode(ean("5012345678900", 0, 0), ean("5012345111117", 320, 0)))
        XCTAssertFalse(ConflictingReads.liesOnOneCode(ean("5012345678900", 0, 0), ean("5012345111117", 0, 120)))
        // Code 128s stacked on a wristband: not retail codes, never taken for one code.
        XCTAssertFalse(ConflictingReads.liesOnOneCode(ean("M0007415", 0, 0, 200, 30, .code128), ean("M0007499", 0, 40, 200, 30, .code128)))
        XCTAssertFalse(ConflictingReads.liesOnOneCode(ean(printed, 0, 0), ean("86895087", 0, 12, 120, 10, .ean8)), "lengths differ")
    }

    /// Each read is judged on its own side of the pair: up to the middle between them, and no further than half its
    /// length (at least 24 px) elsewhere.
    func testEachReadIsJudgedOnItsOwnSide() {
        let upper = Quad(x: 100, y: 100, width: 200, height: 20), lower = Quad(x: 100, y: 160, width: 200, height: 20)
        let above = ConflictingReads.ownSide(of: upper, awayFrom: lower), below = ConflictingReads.ownSide(of: lower, awayFrom: upper)
        XCTAssertEqual([above.minX, above.minY, above.maxX, above.maxY], [0, 0, 400, 140])
        XCTAssertEqual([below.minX, below.minY, below.maxX, below.maxY], [0, 140, 400, 280])
        let left = Quad(x: 0, y: 0, width: 100, height: 10), right = Quad(x: 130, y: 0, width: 100, height: 10)
        XCTAssertEqual(ConflictingReads.ownSide(of: left, awayFrom: right).maxX, 115, "side by side: split across the gap")
        // A box inside the other's extent keeps at least itself.
        let thin = Quad(x: 140, y: 150, width: 2, height: 8)
        let side = ConflictingReads.ownSide(of: thin, awayFrom: upper)
        XCTAssertLessThanOrEqual(side.minY, thin.minY)
        XCTAssertGreaterThanOrEqual(side.maxY, thin.maxY)
    }
}
