import CardModel
import Decoding
import Evaluation
import Foundation
import Imaging
import XCTest

/// Code 128s on card photos of ../shared/corpus/cards-dev turned 9° further (remade with ImageMagick here, as
/// `cardscan-bench variants` remakes them, not by the code under test): 12-21° in all, on photos over a
/// megapixel. zbar's rows leave such a code before its end, so the retry that turns the image by its strongest edge
/// direction is what reads them; made on the half-size copy that large photos are retried from, it left each code
/// at about a pixel a module (or found no direction at all), and none of the three read.
final class TiltedPhotoCodeTests: XCTestCase {
    func testLongCodesOnTiltedLargePhotosRead() throws {
        let scratch = try TestPaths.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let reader = BarcodeReader()
        for photo in ["img_0021", "img_0062", "img_0091"] {
            let truth = try XCTUnwrap(TestPaths.cardsDevFields(photo)["barcode"] as? [String: Any], photo)
            let text = try XCTUnwrap(truth["text"] as? String)
            let tilted = "\(scratch)/\(photo)-tilted.jpg"
            try runTool("convert", ["\(TestPaths.cardsDev)/\(photo).jpg", "-auto-orient", "-strip", "-background", "#808078",
                                    "-rotate", "9", "-quality", "90", tilted])
            let image = try ImageLoader().load(contentsOf: tilted)
            XCTAssertGreaterThan(image.pixelCount, BarcodeOptions().retryHalfSizeAbove, "\(photo): a large photo")
            let found = reader.read(image)
            XCTAssertTrue(found.contains { CardPhotoScore.compact($0.text) == CardPhotoScore.compact(text) },
                          "\(photo): the code's text; read \(found.map(\.format))")
        }
    }
}
