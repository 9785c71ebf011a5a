import Foundation
import Imaging
import XCTest

/// The local threshold (`GrayImage.binarized`) slides its window's sums from row to row (for speed: every codeless
/// photo that reaches the barcode reader's symbol step pays it). It must give exactly what the straightforward way
/// gives (an integral image of the whole image, the same rule, written out below): checked on random images of many
/// shapes, some narrower or shorter than the window and some with a stride wider than the image, and on a real card
/// photo.
final class LocalThresholdTests: XCTestCase {
    func testSlidingWindowGivesTheIntegralImagesThreshold() throws {
        var state: UInt64 = 31
        func random(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        var compared = 0
        for (width, height, stride) in [(97, 61, 97), (20, 300, 24), (300, 9, 300), (5, 3, 5), (1, 1, 1), (211, 157, 256)] {
            // Smooth shading with texture on it, so both colours occur everywhere.
            let pixels = (0..<(height * stride)).map { i in
                UInt8(truncatingIfNeeded: (i % stride) * 2 + (i / stride) + random(60))
            }
            let image = try GrayImage(width: width, height: height, stride: stride, pixels: pixels)
            for (window, offset) in [(31, 6), (31, 8), (7, 2), (3, 0)] {
                let fast = image.binarized(window: window, offset: offset)
                XCTAssertEqual(Self.differing(fast, Self.byIntegralImage(image, window: window, offset: offset)), 0,
                               "pixels differing: \(width)x\(height) (stride \(stride)), window \(window), offset \(offset)")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 24)
        let photo = try ImageLoader().load(contentsOf: "\(TestPaths.samples)/gb-wristband-00.jpg")
        let binary = photo.binarized(window: 31, offset: 6)
        XCTAssertEqual(Self.differing(binary, Self.byIntegralImage(photo, window: 31, offset: 6)), 0, "pixels differing on the photo")
        XCTAssertTrue(binary.pixels.contains(0) && binary.pixels.contains(255), "the photo has print on paper")
    }

    /// The rule written out: black where a pixel is below its window's mean (rounded down) less `offset`, the window
    /// clipped at the edges, its sum read from an integral image.
    static func byIntegralImage(_ image: GrayImage, window: Int, offset: Int) -> GrayImage {
        let w = image.width, h = image.height, half = max(1, window / 2)
        var integral = [Int](repeating: 0, count: (w + 1) * (h + 1))
        for y in 0..<h {
            var row = 0
            for x in 0..<w {
                row += Int(image[x, y])
                integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row
            }
        }
        var out = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h {
            let y0 = max(0, y - half), y1 = min(h, y + half + 1)
            for x in 0..<w {
                let x0 = max(0, x - half), x1 = min(w, x + half + 1)
                let sum = integral[y1 * (w + 1) + x1] - integral[y0 * (w + 1) + x1] - integral[y1 * (w + 1) + x0] + integral[y0 * (w + 1) + x0]
                if Int(image[x, y]) < sum / ((y1 - y0) * (x1 - x0)) - offset { out[y * w + x] = 0 }
            }
        }
        return try! GrayImage(width: w, height: h, pixels: out)
    }

    static func differing(_ a: GrayImage, _ b: GrayImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return a.width * a.height }
        var count = 0
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { count += 1 } }
        return count
    }
}
