import CardModel
@testable import Decoding
import Foundation
import Imaging
import XCTest

/// A UPC-E on a card in dim light, turned a quarter, with sensor noise (Tests/Fixtures/retail, from
/// `Scripts/make-barcode-photos 2`, `upce-1/07`): zbar reads nothing there, and zxing's second opinion, accepting
/// a code two rows agreed on, read another UPC-E whose check digit happened to pass (`0044200005830`). A UPC-E
/// carries six digits and a check digit, so one wrong reading in ten passes; three agreeing rows read the right one.
final class DimUPCEPhotoTests: XCTestCase {
    func testDimTurnedUPCEReadsItsOwnNumber() throws {
        let path = (TestPaths.packageRoot as NSString).appendingPathComponent("Tests/Fixtures/retail/dim-upce-turned.jpg")
        let photo = try ImageLoader().load(contentsOf: path)
        let read = BarcodeReader().read(photo)
        XCTAssertEqual(read.map(\.text), ["0043583000098"], "the number printed under the bars: 0 435839 8")
        XCTAssertEqual(read.map(\.format), [.upcE])
    }

    /// The rule itself, on the same photo: zxing alone with its default of two agreeing rows reads the wrong number,
    /// with three the right one (so the test above fails for the reason it names, not another).
    func testTwoAgreeingRowsMisreadThreeDoNot() throws {
        let path = (TestPaths.packageRoot as NSString).appendingPathComponent("Tests/Fixtures/retail/dim-upce-turned.jpg")
        // The photo as loaded: its noise (2.6 grey levels) is under `BarcodeReader.noisyAbove`, so it is read unsmoothed.
        let photo = try ImageLoader().load(contentsOf: path)
        XCTAssertLessThan(photo.noiseLevel(), BarcodeReader.noisyAbove, "premise: the reader does not smooth this photo")
        // The formats of the second opinion: every format zbar reads too (what `BarcodeReader` hands zxing there).
        let linear = BarcodeOptions().formats.subtracting(FormatTable.zxingOnly)
        let zxing = ZXingReader()
        let two = zxing.read(photo, pass: .init(formats: linear, maxSymbols: 1))
        let three = zxing.read(photo, pass: .init(formats: linear, maxSymbols: 1, minLineCount: BarcodeReader.agreeingLines))
        XCTAssertEqual(three.map(\.text), ["0043583000098"])
        XCTAssertNotEqual(two.map(\.text), ["0043583000098"], "premise: zxing's default misreads or misses this photo")
    }
}
