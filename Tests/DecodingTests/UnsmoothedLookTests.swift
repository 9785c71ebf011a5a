@testable import Decoding
import Evaluation
import Foundation
import Imaging
import XCTest

/// An EAN-13 turned 90° on a sticker over a patterned cloth (own seed 1 ean13-1/04, `7141891955390`): the cloth's
/// grain makes the photo measure noisy, so the first pass reads it smoothed, and smoothed, the code's narrow bars
/// are too soft for zbar. zbarimg reads the photo as it is; so does the reader's look at a noisy photo unsmoothed.
final class UnsmoothedLookTests: XCTestCase {
    func testACodeTheSmoothingHidIsReadFromThePhotoAsItIs() throws {
        let path = (TestPaths.packageRoot as NSString).appendingPathComponent("Tests/Fixtures/linear/ean13-on-patterned-cloth.jpg")
        let photo = try ImageLoader().load(contentsOf: path)
        XCTAssertEqual(BarcodeReader(options: BarcodeOptions()).read(photo).map(\.text), ["7141891955390"])
        // What the step rests on: the photo measures noisy, zbar reads nothing smoothed and the code as it is.
        XCTAssertGreaterThanOrEqual(photo.noiseLevel(), BarcodeReader.noisyAbove)
        let zbar = ZBarScanner(formats: [.ean13], lineSpacing: BarcodeReader.unsmoothedLineSpacing)
        XCTAssertEqual(zbar.scan(photo.smoothed()).map(\.text), [])
        XCTAssertEqual(zbar.scan(photo).map(\.text), ["7141891955390"])
    }
}
