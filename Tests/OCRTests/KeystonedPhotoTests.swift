import Decoding
import OCR
import Evaluation
import Foundation
import Imaging
import XCTest

/// Photos of ../shared/corpus/cards-dev taken with the camera tipped back: remade with ImageMagick's perspective
/// distortion here (a keystone of 12% a side, as the top corners of a 1280x720 frame pulled in by 153 px and down
/// by 43 px), not by the code under test.
final class KeystonedPhotoTests: XCTestCase {
    static func keystoned(_ photo: String, into scratch: String) throws -> GrayImage {
        let path = "\(scratch)/\(photo)-keystoned.jpg"
        try runTool("convert", ["\(TestPaths.cardsDev)/\(photo).jpg", "-auto-orient", "-strip", "-virtual-pixel", "edge",
                                "-distort", "Perspective", "0,0 153,43  1280,0 1126,43  0,720 0,720  1280,720 1280,720",
                                "-quality", "90", path])
        return try ImageLoader().load(contentsOf: path)
    }

    /// A phone showing the NHS app: the screen's small print gave too few letter marks, and the block cut from
    /// them read as nothing any way up, while `tesseract` alone reads the number from the whole frame.
    func testAPhotoWhoseTextBlockReadsAsNothingIsReadWhole() throws {
        let fields = try TestPaths.cardsDevFields("img_0009")
        let number = try XCTUnwrap(fields["nhs_number"] as? String)
        let scratch = try TestPaths.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let photo = try Self.keystoned("img_0009", into: scratch)
        XCTAssertEqual(photo.width, 1280)
        let digits = try TextReader.asConfigured().read(photo).lines.map { String($0.text.filter(\.isNumber)) }
        XCTAssertTrue(digits.contains { $0.contains(number) }, "the NHS number is read: \(digits.count) lines")
    }

    /// A letter whose Code 128 sits in the keystoned top corner: the page's text, averaged over lines the
    /// perspective turns by different angles, looks upright (3.5°), while the code's bars lean 6° and zbar's rows
    /// leave it. The straightening retry turns the photo by the bars' own angle.
    func testACodeLeaningUnderAKeystoneIsStraightenedByItsBars() throws {
        let truth = try XCTUnwrap(TestPaths.cardsDevFields("img_0062")["barcode"] as? [String: Any])
        let text = try XCTUnwrap(truth["text"] as? String)
        let scratch = try TestPaths.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let photo = try Self.keystoned("img_0062", into: scratch)
        let found = BarcodeReader().read(photo)
        XCTAssertTrue(found.contains { CardPhotoScore.compact($0.text) == CardPhotoScore.compact(text) },
                      "the code's text; read \(found.map(\.format))")
    }
}
