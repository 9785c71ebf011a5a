import CardModel
import Decoding
import Evaluation
import Foundation
import Imaging
import XCTest

/// Codes photographed out of focus or resampled, whose narrow bars every other step of the reader saw merged, read
/// in the photo sharpened (`BarcodeReader`'s last look): a defocused Code 128 on a wristband (cards-dev2 0004), a
/// soft Code 128 on a webcam photo of a band (cards-dev3 0116) and a resampled QR code on a loyalty card
/// (cards-dev 0115). What reads is the printed text and nothing else.
final class SoftPhotoCodeTests: XCTestCase {
    func testSoftCodesReadSharpened() throws {
        let reader = BarcodeReader()
        for (set, photo, format) in [("cards-dev2", "img_0004", BarcodeFormat.code128), ("cards-dev3", "img_0116", .code128),
                                     ("cards-dev", "img_0115", .qrCode)] {
            let folder = (TestPaths.packageRoot as NSString).appendingPathComponent("../shared/corpus/\(set)")
            try TestPaths.requireCorpus(folder)
            let truth = try XCTUnwrap(TestPaths.truthFields(in: folder, photo)["barcode"] as? [String: Any])
            let printed = try XCTUnwrap(truth["text"] as? String)
            let found = reader.read(try ImageLoader().load(contentsOf: "\(folder)/\(photo).jpg"))
            XCTAssertEqual(found.map(\.text), [printed], "\(set) \(photo)")
            XCTAssertEqual(found.first?.format, format, "\(set) \(photo)")
        }
    }
}
