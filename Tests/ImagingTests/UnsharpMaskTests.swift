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

    /// The mask as its definition reads, pixel by pixel with every edge clamped: the fast version's interior and
    /// row-at-a-time column pass must give the same bytes, on an image whose rows are padded (stride > width).
    static func plainMask(_ image: GrayImage, sigma: Double, amount: Double) -> [UInt8] {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let (w, h) = (image.width, image.height)
        var across = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for k in -radius...radius { sum += kernel[k + radius] * Double(image[min(max(x + k, 0), w - 1), y]) }
                across[y * w + x] = sum
            }
        }
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var blurred = 0.0
                for k in -radius...radius { blurred += kernel[k + radius] * across[min(max(y + k, 0), h - 1) * w + x] }
                let value = Double(image[x, y])
                out[y * w + x] = UInt8(max(0, min(255, (value + amount * (value - blurred)).rounded())))
            }
        }
        return out
    }

    func testTheMaskIsItsDefinitionOnAPaddedNoisyImage() throws {
        var seed: UInt64 = 7
        func next() -> UInt8 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return UInt8(truncatingIfNeeded: seed >> 33) }
        let (w, h, stride) = (53, 37, 61)
        let image = try GrayImage(width: w, height: h, stride: stride, pixels: (0..<(stride * h)).map { _ in next() })
        for (sigma, amount) in [(1.5, 1.5), (2.5, 1.5), (3.0, 2.0), (0.4, 1.0)] {
            XCTAssertEqual(image.unsharpMasked(sigma: sigma, amount: amount).pixels, Self.plainMask(image, sigma: sigma, amount: amount),
                           "sigma \(sigma), amount \(amount)")
        }
    }

    func testTinyImagesAreLeftAlone() {
        let tiny = try! GrayImage(width: 2, height: 2, pixels: [10, 200, 200, 10])
        XCTAssertEqual(tiny.unsharpMasked(sigma: 3, amount: 2).pixels, tiny.pixels)
    }
}
