import CardModel
@testable import Decoding
@testable import OCR
import Foundation
import Imaging
import XCTest

/// A card photographed while it moved: the text reader finds the smear and reads the card with it undone.
/// The smear is put on a sample photo here by direct averaging along a line (not by the code under test).
final class SmearedPhotoTests: XCTestCase {
    func testReadsTheNHSNumberOfASmearedCardPhoto() throws {
        let name = "gb-nhs-card-00"
        let number = try TestPaths.sampleFields(name)["nhsNumber"] as! String
        // Half size keeps the smearing quick in a debug build; the card's print is still ~20 px tall.
        let photo = try ImageLoader().load(contentsOf: "\(TestPaths.samples)/\(name).jpg").scaled(by: 0.5)
        let smeared = Self.smear(photo, degrees: 30, length: 7)
        XCTAssertNotNil(smeared.motionBlur(), "the smear is found")
        let reader = try TextReader.asConfigured()
        let digits = reader.read(smeared).lines.map { String($0.text.filter(\.isNumber)) }
        XCTAssertTrue(digits.contains { $0.contains(number) }, "the NHS number is read from the smeared photo: \(digits.count) lines")
    }

    /// A phone photo is 3000-4000 px across: the same hand movement smears it over 2-3 times the pixels of a
    /// 1280 px frame, past the longest smear looked for at full size. The smear is measured at the working size.
    func testReadsTheNHSNumberOfASmearedPhonePhoto() throws {
        let name = "gb-nhs-card-00"
        let number = try TestPaths.sampleFields(name)["nhsNumber"] as! String
        let photo = try ImageLoader().load(contentsOf: "\(TestPaths.samples)/\(name).jpg").scaled(by: 0.5)
        // Smeared, then enlarged: a 28 px smear across a 3200x2400 photo.
        let phonePhoto = Self.smear(photo, degrees: 30, length: 7).scaled(by: 4)
        XCTAssertEqual(phonePhoto.width, 3200)
        let reader = try TextReader.asConfigured()
        let digits = reader.read(phonePhoto).lines.map { String($0.text.filter(\.isNumber)) }
        XCTAssertTrue(digits.contains { $0.contains(number) }, "the NHS number is read from the smeared phone photo: \(digits.count) lines")
    }

    /// The detector still finds a smeared card's lines, and tesseract misreads them; lines read unsurely are read
    /// again on the photo with the smear undone (`DetectedLineReading.unsmeared`), the surer reading kept.
    func testTheDetectorsLinesOfASmearedCardAreReadWithTheSmearUndone() throws {
        let name = "gb-nhs-card-00"
        let number = try TestPaths.sampleFields(name)["nhsNumber"] as! String
        let photo = try ImageLoader().load(contentsOf: "\(TestPaths.samples)/\(name).jpg").scaled(by: 0.5)
        let smeared = Self.smear(photo, degrees: 30, length: 9)
        let reader = try TextReader.asConfigured(lines: try TextLineDetectorTests.installedModel())
        let lines = try XCTUnwrap(reader.readLines(smeared), "the detector finds the smeared card's lines")
        let digits = lines.lines.map { String($0.text.filter(\.isNumber)) }
        XCTAssertTrue(digits.contains { $0.contains(number) }, "the NHS number is read from the detector's lines: \(digits.count) lines")
    }

    /// Each pixel the mean of the photo along a line `length` long at `degrees` (counter-clockwise, y up).
    static func smear(_ image: GrayImage, degrees: Double, length: Double) -> GrayImage {
        let t = degrees * .pi / 180, samples = Int(length * 2) + 1
        let steps = (0..<samples).map { i -> (Double, Double) in
            let s = -length / 2 + length * Double(i) / Double(samples - 1)
            return (s * cos(t), -s * sin(t))
        }
        var out = GrayImage(width: image.width, height: image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                var sum = 0.0
                for (dx, dy) in steps {
                    let px = min(max(Double(x) + dx, 0), Double(image.width - 1)), py = min(max(Double(y) + dy, 0), Double(image.height - 1))
                    let x0 = Int(px), y0 = Int(py), x1 = min(x0 + 1, image.width - 1), y1 = min(y0 + 1, image.height - 1)
                    let fx = px - Double(x0), fy = py - Double(y0)
                    sum += Double(image[x0, y0]) * (1 - fx) * (1 - fy) + Double(image[x1, y0]) * fx * (1 - fy)
                        + Double(image[x0, y1]) * (1 - fx) * fy + Double(image[x1, y1]) * fx * fy
                }
                out[x, y] = UInt8((sum / Double(samples)).rounded())
            }
        }
        return out
    }
}
