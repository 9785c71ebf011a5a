import Foundation
@testable import Imaging
import XCTest

/// The Swift top-hats replaced leptonica's `pixTophat` for speed; the letter marks, and so the block the text
/// reader cuts and levels, depend on every pixel they give, so they must give the same pixels: on real photos
/// (cards-dev's, when ../shared is beside the project, and SampleImages'), and on noise with a padded row stride,
/// odd sizes and images smaller than the window.
final class TopHatTests: XCTestCase {
    func testEqualsLeptonicaOnPhotos() throws {
        let loader = ImageLoader()
        var photos = try FileManager.default.contentsOfDirectory(atPath: TestPaths.samples)
            .filter { $0.hasSuffix(".jpg") }.sorted().prefix(4).map { "\(TestPaths.samples)/\($0)" }
        XCTAssertEqual(photos.count, 4, "SampleImages holds the photos")
        let cardsDev = "\(TestPaths.shared)/corpus/cards-dev"
        if let names = try? FileManager.default.contentsOfDirectory(atPath: cardsDev) {
            photos += names.filter { $0.hasSuffix(".jpg") }.sorted().prefix(4).map { "\(cardsDev)/\($0)" }
        } else if ProcessInfo.processInfo.environment["CI"] == "true" {
            XCTFail("\(cardsDev) is missing: CI checks the top-hats on its photos too")
        }
        for path in photos {
            let image = try loader.load(contentsOf: path)
            for window in [21, 7] {
                let ours = image.topHats(window: window)
                let theirs = try XCTUnwrap(image.leptonicaTopHats(window: window))
                XCTAssertTrue(ours.black == theirs.black, "black top-hat, window \(window): \(path)")
                XCTAssertTrue(ours.white == theirs.white, "white top-hat, window \(window): \(path)")
            }
        }
    }

    /// The top-hats' row passes run on transposed copies: a transpose swaps rows and columns, whatever the stride.
    func testTransposeSwapsRowsAndColumns() throws {
        var generator = SystemRandomNumberGenerator()
        for (width, height) in [(1, 1), (1, 7), (7, 1), (33, 70), (70, 33)] {
            let stride = width + 3
            let noise = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let image = try GrayImage(width: width, height: height, stride: stride, pixels: noise)
            let turned = image.transposed()
            XCTAssertEqual([turned.width, turned.height], [height, width])
            for y in 0..<height { for x in 0..<width where turned[y, x] != image[x, y] { XCTFail("(\(x), \(y)) of \(width)x\(height)"); return } }
        }
    }

    func testEqualsLeptonicaOnNoiseWithPaddedStrideAndOddSizes() throws {
        var generator = SystemRandomNumberGenerator()
        for (width, height) in [(1, 1), (1, 7), (7, 1), (3, 5), (20, 31), (37, 23), (128, 3), (64, 64)] {
            let stride = width + 5
            let noise = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let image = try GrayImage(width: width, height: height, stride: stride, pixels: noise)
            for window in [1, 3, 21] {
                let ours = image.topHats(window: window)
                let theirs = try XCTUnwrap(image.leptonicaTopHats(window: window))
                XCTAssertEqual(ours.black, theirs.black, "black, \(width)x\(height), window \(window)")
                XCTAssertEqual(ours.white, theirs.white, "white, \(width)x\(height), window \(window)")
            }
        }
    }
}
