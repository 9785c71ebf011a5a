import Foundation
import Imaging
import XCTest

/// Shrinking sums each output pixel's source box row by row (column sums first, for speed: the barcode retries
/// shrink every codeless photo twice to measure its stripes). The result must be exactly the plain box average:
/// checked here against one written out pixel by pixel, on random images (rows with a stride wider than the
/// image among them), at factors that give boxes of one to several pixels, even and uneven.
final class BoxDownscaleTests: XCTestCase {
    func testShrinkingGivesThePlainBoxAverage() throws {
        var state: UInt64 = 0x5EED
        func random() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        var compared = 0
        for (width, height, stride) in [(97, 61, 97), (640, 480, 640), (33, 200, 40), (5, 3, 8), (1001, 17, 1003)] {
            let pixels = (0..<(height * stride)).map { _ in random() }
            let image = try GrayImage(width: width, height: height, stride: stride, pixels: pixels)
            for factor in [0.99, 0.75, 0.5, 0.33, 0.26, 0.1] {
                let shrunk = image.scaled(by: factor)
                XCTAssertEqual(shrunk.width, max(1, Int((Double(width) * factor).rounded())))
                let expected = Self.boxAverage(image, width: shrunk.width, height: shrunk.height)
                let differing = zip(shrunk.pixels, expected).filter { $0 != $1 }.count
                XCTAssertEqual(shrunk.pixels.count, expected.count)
                XCTAssertEqual(differing, 0, "pixels differing: \(width)x\(height) (stride \(stride)) at \(factor)")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 30)
    }

    /// Each output pixel the mean (rounded down) of its source box, the box's ends worked out as the reader does.
    static func boxAverage(_ image: GrayImage, width w: Int, height h: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            let sy0 = y * image.height / h, sy1 = max(sy0 + 1, (y + 1) * image.height / h)
            for x in 0..<w {
                let sx0 = x * image.width / w, sx1 = max(sx0 + 1, (x + 1) * image.width / w)
                var sum = 0
                for sy in sy0..<sy1 { for sx in sx0..<sx1 { sum += Int(image[sx, sy]) } }
                out[y * w + x] = UInt8(sum / ((sy1 - sy0) * (sx1 - sx0)))
            }
        }
        return out
    }
}
