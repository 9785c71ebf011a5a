import CardModel
@testable import Decoding
import Foundation
import Imaging
import XCTest

/// QR codes found by their finder patterns (`QRLocator`): the geometry on its own, and a tilted card's code that
/// zxing-cpp 1.4's detector misses (Tests/Fixtures/symbols, from `Scripts/make-barcode-photos 2`, `qrcode-1/03`).
final class QRLocatorTests: XCTestCase {
    func testFinderRunsAreOneOneThreeOneOne() {
        XCTAssertEqual(QRLocator.ratioModule([3, 3, 9, 3, 3]), 3)
        XCTAssertNotNil(QRLocator.ratioModule([2, 4, 8, 3, 3]), "blur and ink spread: each run within half a module")
        XCTAssertNil(QRLocator.ratioModule([3, 3, 3, 3, 3]), "even runs: a grating or a ruler, not a finder")
        XCTAssertNil(QRLocator.ratioModule([6, 3, 9, 3, 3]), "an outer run twice a module")
    }

    func testThreeFindersAtARightAngleAreTopLeftTopRightBottomLeft() throws {
        func finder(_ x: Double, _ y: Double) -> QRLocator.Finder { .init(centre: PointF(x: x, y: y), module: 3, hits: 5) }
        // A code 25 modules across, 3 px a module: finder centres 18 modules (54 px) apart, given in any order.
        let (tl, tr, bl) = try XCTUnwrap(QRLocator.corner(finder(154, 100), finder(100, 154), finder(100, 100)))
        XCTAssertEqual([tl.centre, tr.centre, bl.centre], [PointF(x: 100, y: 100), PointF(x: 154, y: 100), PointF(x: 100, y: 154)])
        // Turned a quarter clockwise, the code's top-right finder is below its top-left.
        let turned = try XCTUnwrap(QRLocator.corner(finder(100, 100), finder(46, 100), finder(100, 154)))
        XCTAssertEqual([turned.0.centre, turned.1.centre, turned.2.centre], [PointF(x: 100, y: 100), PointF(x: 100, y: 154), PointF(x: 46, y: 100)])
        XCTAssertNil(QRLocator.corner(finder(100, 100), finder(154, 100), finder(208, 100)), "in a line")
        XCTAssertNil(QRLocator.corner(finder(100, 100), finder(154, 100), finder(100, 300)), "legs of very different lengths")
        XCTAssertNil(QRLocator.corner(finder(100, 100), finder(110, 100), finder(100, 110)), "closer than a version 1 code's")
    }

    func testATiltedCardsQRCodeIsReadByItsFinders() throws {
        let path = (TestPaths.packageRoot as NSString).appendingPathComponent("Tests/Fixtures/symbols/tilted-card-qr.jpg")
        let photo = try ImageLoader().load(contentsOf: path)
        let expected = "WIFI:T:WPA;S:orchard-net;P:7wm4wdg5;;"
        // Premise: zxing's own detector reads nothing here, upright or harder.
        XCTAssertEqual(ZXingReader().read(photo, pass: .init(formats: [.qrCode])).map(\.text), [])
        let binary = SymbolReader.binarized(photo)
        XCTAssertGreaterThanOrEqual(QRLocator.finders(in: binary).count, 3, "its three finders are found")
        let read = BarcodeReader().read(photo)
        XCTAssertEqual(read.map(\.text), [expected])
        XCTAssertEqual(read.map(\.format), [.qrCode])
    }
}
