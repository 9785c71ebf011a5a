@testable import Decoding
@testable import OCR
import Foundation
import Locating
@testable import Imaging
import ScanEngine
import XCTest

/// A card on a textured desk (Tests/Fixtures/textured-desk, made by Scripts/make-layout-probe: an addressograph
/// card set in a narrow font, upside down on a grey-blue desk whose grain is letter-sized). Before the paper was
/// looked for, no field was read from it: the grain outvoted the print for the direction of the lines, tesseract
/// took a frame of texture for a picture, and sparse text read the grain as enough short words to pass for a
/// settled reading (the tesseract CLI reads nothing from it either).
final class TexturedDeskPhotoTests: XCTestCase {
    static let fixture = (TestPaths.packageRoot as NSString).appendingPathComponent("Tests/Fixtures/textured-desk/addressograph-upside-down")

    func testACardOnATexturedDeskIsReadFromItsPaper() throws {
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.fixture + ".json"))) as? [String: Any]
        let number = try XCTUnwrap((truth?["fields"] as? [String: Any])?["nhsNumber"] as? String)
        let photo = try ImageLoader().load(contentsOf: Self.fixture + ".jpg")
        let digits = try TextReader.asConfigured().read(photo).lines.map { String($0.text.filter(\.isNumber)) }
        XCTAssertTrue(digits.contains { $0.contains(number) }, "the NHS number is read: \(digits.count) lines")
    }

    /// A letter on a desk whose grain set the direction of the lines a quarter off: tesseract read the levelled
    /// block sideways (it reads print on its side too) well enough to pass, with the address block lost. Its words
    /// run down the block, and read a quarter turned, the addressee's line is there.
    func testALetterLevelledAcrossItsLinesIsReadAlongThem() throws {
        let path = (TestPaths.packageRoot as NSString).appendingPathComponent("Tests/Fixtures/textured-desk/letter-levelled-across-its-lines")
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path + ".json"))) as? [String: Any]
        let name = try XCTUnwrap((truth?["fields"] as? [String: Any])?["name"] as? String)
        let lines = try TextReader.asConfigured().read(try ImageLoader().load(contentsOf: path + ".jpg")).lines.map(\.text)
        XCTAssertTrue(lines.contains { $0.contains(name) }, "the addressee's line is read: \(lines.count) lines")
    }

    /// A card turned a quarter on a desk whose grain outvoted its print for the lines' direction: tesseract read the
    /// card's lines down the block, cut short (`999 001 52`, no date under `DATE OF BIRTH`). Its labels are read
    /// again, closer; their boxes' corners come a quarter turn from their reading order, and before that was seen
    /// the second look ran across the lines and read nothing.
    func testLabelsReadDownTheBlockAreReadAgainAlongTheirLines() throws {
        let path = (TestPaths.packageRoot as NSString).appendingPathComponent("Tests/Fixtures/textured-desk/card-read-down-its-lines")
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path + ".json"))) as? [String: Any]
        let fields = try XCTUnwrap(truth?["fields"] as? [String: String])
        let valid = try ScanEngine(options: ScanOptions(jobs: 1)).scan(file: path + ".jpg").suggestions.filter(\.valid)
        XCTAssertTrue(valid.contains { $0.type == .nhsNumber && $0.value == fields["nhsNumber"] }, "the NHS number is read")
        XCTAssertTrue(valid.contains { $0.type == .dateOfBirth && $0.value == fields["dateOfBirth"] }, "the date of birth is read")
    }

    /// A card on a granite desk whose grain gave letter-sized marks all over the frame: the block read was the
    /// frame, and tesseract read the card's labels among the grain's junk (a convincing score) but took its
    /// right-hand column of values for part of a picture (`GY@.`, no name, a wrong date from `16.0`). The marks
    /// covering the frame send the photo to its paper too, and that reading's lines are kept beside the frame's.
    func testACardsValuesLostAmongTheGrainAreReadFromItsPaper() throws {
        let path = (TestPaths.packageRoot as NSString).appendingPathComponent("Tests/Fixtures/textured-desk/card-values-lost-among-the-grain")
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path + ".json"))) as? [String: Any]
        let fields = try XCTUnwrap(truth?["fields"] as? [String: String])
        let valid = try ScanEngine(options: ScanOptions(jobs: 1)).scan(file: path + ".jpg").suggestions.filter(\.valid)
        XCTAssertTrue(valid.contains { $0.type == .guernseySocialSecurity && $0.value == fields["guernseySocialSecurity"] },
                      "the social security number is read")
        XCTAssertTrue(valid.contains { $0.type == .dateOfBirth && $0.value == fields["dateOfBirth"] }, "the date of birth is read")
        XCTAssertFalse(valid.contains { $0.type == .dateOfBirth && $0.value != fields["dateOfBirth"] }, "no other date of birth")
        XCTAssertTrue(valid.contains { $0.type == .name && $0.value == fields["name"] }, "the holder's name is read")
    }

    /// The paper is found by its smooth surface: the corners of the frame (desk) are set to the paper's grey, the
    /// print in the middle of the card stays.
    func testThePaperOfThatPhotoIsFoundAndTheDeskMasked() throws {
        let photo = try ImageLoader().load(contentsOf: Self.fixture + ".jpg")
        let masked = try XCTUnwrap(photo.paperMasked(), "a paper region")
        let corners = [masked[2, 2], masked[masked.width - 3, 2], masked[2, masked.height - 3], masked[masked.width - 3, masked.height - 3]]
        XCTAssertEqual(Set(corners).count, 1, "every corner is set to the paper's grey: \(corners)")
        let centre = (masked.width / 2, masked.height / 2)
        XCTAssertEqual(masked[centre.0, centre.1], photo[centre.0, centre.1], "the card itself is kept")
    }

    /// Print that runs into a card's corner leaves no smooth paper there, and the outline around the smooth parts
    /// cuts the corner off: the card is a rectangle, and the rectangle around that outline keeps the corner's print.
    func testPrintInACardsCornerIsKeptWithTheCard() throws {
        var photo = Self.grainyDesk(width: 640, height: 360)
        for y in 60..<300 { for x in 120..<520 { photo[x, y] = 230 } }
        // Lines of print from two pixels inside the card's top-left corner, as a letter's address block runs.
        for line in 0..<7 { for y in (62 + line * 12)..<(68 + line * 12) { for x in 122..<(300 - line * 20) { photo[x, y] = 30 } } }
        // A line of print in the middle, so the paper holds print elsewhere too.
        for y in 200..<206 { for x in 200..<440 { photo[x, y] = 30 } }
        let masked = try XCTUnwrap(photo.paperMasked(), "a paper region")
        XCTAssertEqual(masked[124, 64], 30, "the corner's print is kept")
        XCTAssertEqual(masked[124, 70], 230, "and the paper between its lines")
        XCTAssertNotEqual(masked[60, 20], photo[60, 20], "the desk is masked")
    }

    static func grainyDesk(width: Int, height: Int) -> GrayImage {
        var desk = GrayImage(width: width, height: height)
        for y in 0..<desk.height {
            for x in 0..<desk.width {  // grain of 8 px flecks, 60-186
                let fleck = UInt64(x / 8 + (y / 8) * 1000) &* 6364136223846793005 &+ 1442695040888963407
                desk[x, y] = UInt8(60 + Int(fleck >> 58) * 2)
            }
        }
        return desk
    }

    /// Neither a desk with no card nor a blank frame is paper: there is nothing to read on either.
    func testNoPaperOnABareDeskOrABlankFrame() throws {
        XCTAssertNil(Self.grainyDesk(width: 640, height: 360).paperMasked(), "grain everywhere")
        XCTAssertNil(GrayImage(width: 640, height: 360, filledWith: 200).paperMasked(), "smooth everywhere, no print")
    }
}
