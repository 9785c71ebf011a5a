import CardModel
@testable import Decoding
import Foundation
import Imaging
import XCTest

/// Random bars printed on paper, photographed at a steep angle (Tests/Fixtures/codeless, from
/// `Scripts/make-barcode-photos 7`'s code-like photos with no code): the Data Matrix locator took an outline there
/// whose view reached the perspective's horizon, and sampling it converted NaN to Int, which stops the process.
final class SteepCodelessPhotoTests: XCTestCase {
    func testSteepRandomBarsReadAsNoCode() throws {
        let path = (TestPaths.packageRoot as NSString).appendingPathComponent("Tests/Fixtures/codeless/steep-random-bars.jpg")
        let photo = try ImageLoader().load(contentsOf: path)
        XCTAssertEqual(BarcodeReader().read(photo).map(\.text), [], "no code is printed there")
    }

    func testPointsThatAreNotFiniteSampleAsOutside() throws {
        let image = try GrayImage(width: 4, height: 4, pixels: [UInt8](repeating: 0, count: 16))
        XCTAssertEqual(image.sample(PointF(x: 1.5, y: 1.5)), 0, "premise: inside reads the image")
        for p in [PointF(x: .nan, y: 1), PointF(x: 1, y: .infinity), PointF(x: -.infinity, y: 1), PointF(x: 1e300, y: 1)] {
            XCTAssertEqual(image.sample(p, outside: 200), 200, "\(p)")
        }
    }
}
