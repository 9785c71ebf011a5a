import CardModel
import Decoding
import Evaluation
import Foundation
import Imaging
import XCTest

/// A PDF417 read that spent its error correction to the edge is a miscorrection, not a read: cards-dev3 0058's
/// loyalty card (tilted 31° in a sleeve) gave `NLWZTD://4$-!CG,7$0…` for its `https://meridiansports.example/…`,
/// with none of its error correction left, and that text was offered as a valid membership number. Other PDF417s
/// on the card sets, read with some of theirs left, still read.
final class SpentErrorCorrectionTests: XCTestCase {
    func testAPDF417ReadAtTheEdgeOfItsErrorCorrectionIsNotReported() throws {
        let folder = (TestPaths.packageRoot as NSString).appendingPathComponent("../shared/corpus/cards-dev3")
        try TestPaths.requireCorpus(folder)
        let reader = BarcodeReader()
        let sleeved = try ImageLoader().load(contentsOf: "\(folder)/img_0058.jpg")
        let truth = try XCTUnwrap(TestPaths.truthFields(in: folder, "img_0058")["barcode"] as? [String: Any])
        let printed = try XCTUnwrap(truth["text"] as? String)
        for code in reader.read(sleeved) {
            XCTAssertEqual(code.text, printed, "0058: a code read is the printed one, or none is read")
        }
        // Read with error correction to spare: the same reader still reports them.
        for photo in ["img_0052", "img_0066", "img_0067"] {
            let text = try XCTUnwrap((TestPaths.truthFields(in: folder, photo)["barcode"] as? [String: Any])?["text"] as? String)
            let found = reader.read(try ImageLoader().load(contentsOf: "\(folder)/\(photo).jpg"))
            XCTAssertTrue(found.contains { $0.format == .pdf417 && $0.text == text }, "\(photo): read \(found.map(\.text))")
        }
    }
}
