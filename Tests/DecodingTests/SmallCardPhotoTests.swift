import Evaluation
import CardModel
import Foundation
import ScanEngine
import XCTest

/// A Jersey social security card of ../shared/corpus/cards-dev photographed smaller (the photo is remade at 60%
/// with ImageMagick here, as `cardscan-bench variants` remakes it, not by the code under test). Read that small,
/// tesseract gives the card's labels as lines of their own after the values (`CHARLOTTE DAVIES`, …, `Name`,
/// `SS Number`): the line under `Name` is then the next label, and was offered as the holder's name. (Resized
/// without `-auto-orient -strip`, the same card reads its lines in another order and never showed the fault:
/// tesseract's reading order is that fragile.)
final class SmallCardPhotoTests: XCTestCase {
    func testTheLabelUnderANameLabelIsNotTheName() throws {
        let fields = try TestPaths.cardsDevFields("img_0065")
        let name = try XCTUnwrap(fields["name"] as? String)

        let scratch = try TestPaths.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let small = "\(scratch)/small.jpg"
        try runTool("convert", ["\(TestPaths.cardsDev)/img_0065.jpg", "-auto-orient", "-strip", "-resize", "60%",
                                "-quality", "90", small])
        let result = try ScanEngine(options: ScanOptions(jobs: 1)).scan(file: small)
        let names = result.suggestions.filter { $0.valid && $0.type == .name }.map(\.value)
        XCTAssertEqual(names.map { $0.uppercased() }, [name.uppercased()], "the holder's name, and no label for one")
    }
}
