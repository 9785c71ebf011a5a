import Foundation
@testable import Imaging
import XCTest

/// The Swift 3x3 median replaced leptonica's `pixMedianFilter` for speed; OCR results depend on every pixel it
/// gives, so it must give the same pixels: on real photos, and on noise with a padded row stride and odd sizes.
final class MedianFilterTests: XCTestCase {
    func testEqualsLeptonicaOnSamplePhotos() throws {
        let loader = ImageLoader()
        let photos = try FileManager.default.contentsOfDirectory(atPath: TestPaths.samples)
            .filter { $0.hasSuffix(".jpg") }.sorted().prefix(6)
        XCTAssertEqual(photos.count, 6, "SampleImages holds the photos")
        for name in photos {
            let image = try loader.load(contentsOf: "\(TestPaths.samples)/\(name)")
            XCTAssertEqual(image.medianFiltered(), image.leptonicaMedianFiltered(), name)
        }
    }

    func testEqualsLeptonicaOnNoiseWithPaddedStrideAndOddSizes() throws {
        var generator = SystemRandomNumberGenerator()
        for (width, height) in [(1, 1), (1, 7), (7, 1), (2, 2), (3, 5), (37, 23), (128, 3)] {
            let stride = width + 5
            let noise = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let image = try GrayImage(width: width, height: height, stride: stride, pixels: noise)
            let ours = image.medianFiltered(), theirs = image.leptonicaMedianFiltered()
            XCTAssertEqual(ours.packedPixels, theirs.packedPixels, "\(width)x\(height)")
        }
    }
}
