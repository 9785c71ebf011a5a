@testable import Decoding
import Foundation
import Imaging
import XCTest

/// The symbol locators' local threshold slides its window's sums from row to row (for speed: every codeless photo
/// that reaches the symbol step pays it). It must give exactly what the straightforward integral-image threshold
/// (`GrayImage.binarized`, the same rule) gives: checked on random images of many shapes, some narrower or
/// shorter than the window and some with a stride wider than the image, and on a real card photo.
final class LocalThresholdTests: XCTestCase {
    func testSlidingWindowGivesTheIntegralImagesThreshold() throws {
        var generator = SeededGenerator(seed: 31)
        var compared = 0
        for (width, height, stride) in [(97, 61, 97), (20, 300, 24), (300, 9, 300), (5, 3, 5), (1, 1, 1), (211, 157, 256)] {
            // Smooth shading with texture on it, so both colours occur everywhere.
            let pixels = (0..<(height * stride)).map { i in
                UInt8(truncatingIfNeeded: (i % stride) * 2 + (i / stride) + Int.random(in: 0..<60, using: &generator))
            }
            let image = try GrayImage(width: width, height: height, stride: stride, pixels: pixels)
            for (window, offset) in [(31, 6), (31, 8), (7, 2), (3, 0)] {
                let fast = LocalThreshold.binarize(image, window: window, offset: offset)
                XCTAssertEqual(Self.differing(fast, image.binarized(window: window, offset: offset)), 0,
                               "pixels differing: \(width)x\(height) (stride \(stride)), window \(window), offset \(offset)")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 24)
        let photo = try ImageLoader().load(contentsOf: "\(TestPaths.samples)/gb-wristband-00.jpg")
        let binary = LocalThreshold.binarize(photo, window: 31, offset: 6)
        XCTAssertEqual(Self.differing(binary, photo.binarized(window: 31, offset: 6)), 0, "pixels differing on the photo")
        XCTAssertTrue(binary.pixels.contains(0) && binary.pixels.contains(255), "the photo has print on paper")
    }

    static func differing(_ a: GrayImage, _ b: GrayImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return a.width * a.height }
        var count = 0
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { count += 1 } }
        return count
    }
}
