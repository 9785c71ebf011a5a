import Decoding
import Foundation
import Imaging
import XCTest

/// A phone showing the NHS app, photographed with the camera tipped back (the photo is remade from
/// ../shared/corpus/cards-dev with ImageMagick's perspective distortion here, as a keystone of 12% a side, not by
/// the code under test). The screen's small print gave too few letter marks, and the block cut from them read
/// as nothing any way up, while `tesseract` alone reads the number from the whole frame.
final class KeystonedPhotoTests: XCTestCase {
    func testAPhotoWhoseTextBlockReadsAsNothingIsReadWhole() throws {
        let fields = try TestPaths.cardsDevFields("img_0009")
        let number = try XCTUnwrap(fields["nhs_number"] as? String)
        let scratch = try TestPaths.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let keystoned = "\(scratch)/keystoned.jpg"
        // 1280x720: the top corners pulled in by 12% of the width and down by 6% of the height.
        try runTool("convert", ["\(TestPaths.cardsDev)/img_0009.jpg", "-auto-orient", "-strip", "-virtual-pixel", "edge",
                                "-distort", "Perspective", "0,0 153,43  1280,0 1126,43  0,720 0,720  1280,720 1280,720",
                                "-quality", "90", keystoned])
        let photo = try ImageLoader().load(contentsOf: keystoned)
        XCTAssertEqual(photo.width, 1280)
        let digits = try TextReader().read(photo).lines.map { String($0.text.filter(\.isNumber)) }
        XCTAssertTrue(digits.contains { $0.contains(number) }, "the NHS number is read: \(digits.count) lines")
    }
}
