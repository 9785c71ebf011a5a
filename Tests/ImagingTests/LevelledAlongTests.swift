@testable import Imaging
import XCTest

/// `levelledAlong` evens out the paper's light along a line crop, so one grey level separates print from paper at
/// both ends; an evenly lit crop is left as it is.
final class LevelledAlongTests: XCTestCase {
    /// A line crop 48 px tall, 600 wide: paper 220 with letter-sized dark bars (ink 50) along its middle rows.
    static func line() -> GrayImage {
        var crop = GrayImage(width: 600, height: 48, filledWith: 220)
        for letter in stride(from: 20, to: 580, by: 16) {
            for y in 12..<36 { for x in letter..<(letter + 5) { crop[x, y] = 50 } }
        }
        return crop
    }

    static func lit(_ image: GrayImage, from darkest: Double) -> GrayImage {
        var out = image
        for x in 0..<image.width {
            let light = darkest + (1 - darkest) * Double(x) / Double(image.width - 1)
            for y in 0..<image.height { out[x, y] = UInt8((Double(image[x, y]) * light).rounded()) }
        }
        return out
    }

    func testAnEvenlyLitLineIsLeftAsItIs() {
        let crop = Self.lit(Self.line(), from: 0.9)
        XCTAssertEqual(crop.levelledAlong().pixels, crop.pixels)
    }

    func testTheShadowedEndsPaperComesOutLighterThanAnyPrint() {
        // Light from a fifth at the left: the left end's paper (44) is darker than the right end's print (50).
        let crop = Self.lit(Self.line(), from: 0.2)
        XCTAssertLessThan(crop[2, 2], crop[566, 20], "the premise: one level cannot separate them")
        let levelled = crop.levelledAlong()
        let paper = [levelled[2, 2], levelled[300, 2], levelled[597, 45]]
        let print = [levelled[22, 20], levelled[308, 20], levelled[566, 30]]
        XCTAssertGreaterThan(paper.min()!, 200, "paper is near white all along: \(paper)")
        XCTAssertLessThan(print.max()!, 90, "print stays dark all along: \(print)")
    }

    func testTinyImagesAreLeftAlone() {
        let tiny = GrayImage(width: 6, height: 6, filledWith: 10)
        XCTAssertEqual(tiny.levelledAlong().pixels, tiny.pixels)
    }
}
