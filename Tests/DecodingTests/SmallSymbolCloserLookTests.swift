import CardModel
import Decoding
import Evaluation
import Foundation
import Imaging
import XCTest

/// A QR code about two pixels a module on a staff card of ../shared/corpus/cards-dev (0034: 63x76 px in a 720x1280
/// photo), remade heavily compressed and tilted 9° more with ImageMagick here, as `cardscan-bench variants` remakes
/// it, not by the code under test. zxing finds it but samples it wrong, on the photo and on every retry copy; cut
/// out with a quiet zone and enlarged (the closer look at areas shaped like a symbol) it reads. Neither remake read
/// before.
final class SmallSymbolCloserLookTests: XCTestCase {
    func testASmallQRCodeReadsWhenLookedAtCloser() throws {
        let truth = try XCTUnwrap(TestPaths.cardsDevFields("img_0034")["barcode"] as? [String: Any])
        let text = try XCTUnwrap(truth["text"] as? String)
        XCTAssertEqual(truth["format"] as? String, "QRCODE")
        let scratch = try TestPaths.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let remakes = [("compressed", ["-quality", "20"]), ("tilted", ["-background", "#808078", "-rotate", "9", "-quality", "90"])]
        for (name, operators) in remakes {
            let path = "\(scratch)/\(name).jpg"
            try runTool("convert", ["\(TestPaths.cardsDev)/img_0034.jpg", "-auto-orient", "-strip"] + operators + [path])
            let found = BarcodeReader().read(try ImageLoader().load(contentsOf: path))
            XCTAssertTrue(found.contains { $0.format == .qrCode && CardPhotoScore.compact($0.text) == CardPhotoScore.compact(text) },
                          "\(name): the QR code; read \(found.map(\.format))")
        }
    }
}
