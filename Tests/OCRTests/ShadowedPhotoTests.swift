import CardModel
@testable import Decoding
@testable import OCR
import Foundation
import Imaging
import XCTest

/// A card photographed with a shadow across it: light falling from a fifth on one side to full on the other.
/// The print stays plainly readable to an eye, but one grey level cannot separate it from the shadowed card.
/// The shadow is put on a sample photo here by scaling each column (not by the code under test).
final class ShadowedPhotoTests: XCTestCase {
    func testReadsTheNameAndPostcodeOfACardInShadow() throws {
        let name = "je-health-card-00"
        let fields = try TestPaths.sampleFields(name)
        let holder = (fields["name"] as! String).uppercased().split(separator: " ").map(String.init)
        let postcode = (fields["postcode"] as! String).uppercased().filter { !$0.isWhitespace }
        let photo = try ImageLoader().load(contentsOf: "\(TestPaths.samples)/\(name).jpg")
        let shadowed = Self.shadow(photo, darkest: 0.22)
        let lines = try TextReader.asConfigured().read(shadowed).lines.map { $0.text.uppercased() }
        XCTAssertTrue(lines.contains { line in holder.allSatisfy(line.contains) }, "the holder's name is read: \(lines.count) lines")
        XCTAssertTrue(lines.contains { $0.filter { !$0.isWhitespace }.contains(postcode) }, "the postcode is read: \(lines.count) lines")
    }

    /// Light falling off along the lines themselves: each line's shadowed end has paper darker than the print at
    /// its lit end, so one grey level for the whole line loses its first words (`Name: Jamie Specimen` came back
    /// `amie Specimen`, `NHS Number: 999…` as `iber: 999…`). Every line is read whole, labels included.
    func testReadsEachLineWholeWhenTheLightFallsOffAlongIt() throws {
        let name = "gb-nhs-card-00"
        let fields = try TestPaths.sampleFields(name)
        let holder = (fields["name"] as! String).uppercased().split(separator: " ").map(String.init)
        let number = fields["nhsNumber"] as! String
        let photo = try ImageLoader().load(contentsOf: "\(TestPaths.samples)/\(name).jpg")
        let lines = try TextReader.asConfigured().read(Self.shadow(photo, darkest: 0.1)).lines.map { $0.text.uppercased() }
        XCTAssertTrue(lines.contains { $0.contains("NAME") && holder.allSatisfy($0.contains) },
                      "the name line, label and both names: \(lines.count) lines")
        XCTAssertTrue(lines.contains { $0.contains("NHS NUMBER") && $0.filter(\.isNumber).contains(number) },
                      "the number line, label and number: \(lines.count) lines")
    }

    /// Each column scaled by a light level rising evenly from `darkest` at the left edge to 1 at the right.
    static func shadow(_ image: GrayImage, darkest: Double) -> GrayImage {
        var out = image
        for x in 0..<image.width {
            let light = darkest + (1 - darkest) * Double(x) / Double(image.width - 1)
            for y in 0..<image.height { out[x, y] = UInt8((Double(image[x, y]) * light).rounded()) }
        }
        return out
    }
}
