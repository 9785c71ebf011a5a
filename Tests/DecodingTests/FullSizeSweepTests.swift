import CardModel
import Decoding
import Evaluation
import Foundation
import Imaging
import XCTest

/// A large photo whose working-size copy reads nothing is swept by zbar at its own size, on every line: a short Code
/// 128 at about a pixel a module, turned so that only two rows cross it whole, reads there and nowhere else
/// (cards-dev2 0099: a letter photographed at 1080x1920, its code 45 px tall turned 16°).
final class FullSizeSweepTests: XCTestCase {
    func testAShortTurnedCodeOnALargePhotoReadsAtFullSize() throws {
        let folder = (TestPaths.packageRoot as NSString).appendingPathComponent("../shared/corpus/cards-dev2")
        try TestPaths.requireCorpus(folder)
        let letter = try ImageLoader().load(contentsOf: "\(folder)/img_0099.jpg")
        XCTAssertGreaterThan(letter.pixelCount, BarcodeOptions().maxWorkingPixels, "the photo is read at a working size first")
        let truth = try XCTUnwrap(TestPaths.truthFields(in: folder, "img_0099")["barcode"] as? [String: Any])
        let printed = try XCTUnwrap(truth["text"] as? String)
        let found = BarcodeReader().read(letter)
        XCTAssertEqual(found.map(\.text), [printed])
        XCTAssertEqual(found.first?.format, .code128)
        // Where the code is printed (the truth's barcode quad spans x 331-496, y 550-639), not elsewhere.
        let bounds = try XCTUnwrap(found.first?.bounds)
        XCTAssertTrue((300...530).contains(bounds.minX) && (300...530).contains(bounds.maxX), "\(bounds)")
        XCTAssertTrue((530...660).contains(bounds.minY) && (530...660).contains(bounds.maxY), "\(bounds)")
        // Live frames make no such look: without retries the working-size copy is all there is.
        XCTAssertTrue(BarcodeReader(options: BarcodeOptions(retries: false)).read(letter).isEmpty)
    }
}
