@testable import Imaging
import XCTest

/// `unsharpMasked` steepens a soft edge (the grey ramp a stroke out of focus becomes) and leaves flat paper as it is.
final class UnsharpMaskTests: XCTestCase {
    /// Dark (40) left of x = 30, light (220) right of it, blurred into a ramp 12 px wide.
    static func softEdge() -> GrayImage {
        var image = GrayImage(width: 60, height: 20, filledWith: 0)
        for y in 0..<20 {
            for x in 0..<60 {
                let t = min(1, max(0, (Double(x) - 24) / 12))
                image[x, y] = UInt8((40 + 180 * t).rounded())
            }
        }
        return image
    }

    func testASoftEdgeComesOutSteeper() {
        let soft = Self.softEdge()
        let sharp = soft.unsharpMasked(sigma: 3, amount: 2)
        // Across the ramp's middle third the grey level changes faster, and past its ends the dark side is darker
        // and the light side lighter (the mask's overshoot, which a threshold then cuts cleanly).
        let before = Int(soft[34, 10]) - Int(soft[26, 10]), after = Int(sharp[34, 10]) - Int(sharp[26, 10])
        XCTAssertGreaterThan(Double(after), 1.15 * Double(before), "slope across the ramp: \(before) -> \(after)")
        XCTAssertLessThan(sharp[23, 10], soft[23, 10])
        XCTAssertGreaterThan(sharp[37, 10], soft[37, 10])
    }

    func testFlatPaperAndFarFromTheEdgeAreLeftAsTheyAre() {
        let flat = GrayImage(width: 40, height: 30, filledWith: 200)
        XCTAssertEqual(flat.unsharpMasked(sigma: 3, amount: 2).pixels, flat.pixels)
        let sharp = Self.softEdge().unsharpMasked(sigma: 3, amount: 2)
        XCTAssertEqual(sharp[2, 10], 40)
        XCTAssertEqual(sharp[57, 10], 220)
    }

    func testTinyImagesAreLeftAlone() {
        let tiny = try! GrayImage(width: 2, height: 2, pixels: [10, 200, 200, 10])
        XCTAssertEqual(tiny.unsharpMasked(sigma: 3, amount: 2).pixels, tiny.pixels)
    }
}
