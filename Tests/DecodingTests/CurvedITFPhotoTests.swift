import CardModel
@testable import Decoding
import Foundation
import Imaging
import XCTest

/// An ITF-14 printed on paper that curves, photographed at a slight turn (Tests/Fixtures/retail, from
/// `Scripts/make-barcode-photos 10`, `itf-1/02`, saved as JPEG 90). zbar's first pass reads it on one scan line only;
/// the closer look at that glimpse cut a band of the photo round it, and the band's end fell inside the code: the
/// part inside read as the ITF `918714941007` (an ITF's pieces are valid ITFs). A read that ends where the band was
/// cut is refused now, and the straightened retry reads the whole code.
final class CurvedITFPhotoTests: XCTestCase {
    func testCurvedITF14ReadsWholeNotAsItsTail() throws {
        let path = (TestPaths.packageRoot as NSString).appendingPathComponent("Tests/Fixtures/retail/curved-itf14-on-paper.jpg")
        let read = BarcodeReader().read(try ImageLoader().load(contentsOf: path))
        XCTAssertFalse(read.contains { $0.text == "918714941007" }, "the band's piece of the code is not a code")
        XCTAssertEqual(read.map(\.text), ["03918714941007"])
        XCTAssertEqual(read.map(\.format), [.itf])
    }

    /// The rule on its own: an ITF whose end comes within its quiet zone of a band end inside the photo may be a
    /// piece; the same ITF at a band end that is the photo's own edge, or well inside the band, is not refused.
    func testOnlyBandEndsInsideThePhotoCountAsCuts() throws {
        let photo = try GrayImage(width: 1000, height: 400, pixels: [UInt8](repeating: 200, count: 1000 * 400))
        // An ITF-14 read along rows, 14 digits = 135 modules over 270 px (2 px a module): a quiet zone of 14 px.
        func itf(from x0: Int) -> Barcode {
            Barcode(format: .itf, text: "03918714941007", bounds: Quad(x: x0, y: 20, width: 270, height: 24))
        }
        let inside = ImageVariant.region(around: Quad(x: 400, y: 180, width: 10, height: 10), in: photo, dx: 300, dy: 32)
        XCTAssertTrue(BarcodeReader.endsAtCut(itf(from: 5), of: inside, in: photo, alongRows: true), "starts 5 px from a cut")
        XCTAssertTrue(BarcodeReader.endsAtCut(itf(from: inside.image.width - 275), of: inside, in: photo, alongRows: true),
                      "ends 5 px from a cut")
        XCTAssertFalse(BarcodeReader.endsAtCut(itf(from: 100), of: inside, in: photo, alongRows: true), "clear of both ends")
        let atEdge = ImageVariant.region(around: Quad(x: 100, y: 180, width: 10, height: 10), in: photo, dx: 300, dy: 32)
        XCTAssertEqual(atEdge.toSource(Point(x: 0, y: 0)).x, 0, "premise: this band starts at the photo's edge")
        XCTAssertFalse(BarcodeReader.endsAtCut(itf(from: 5), of: atEdge, in: photo, alongRows: true), "the photo's own edge is no cut")
    }
}
