import CardModel
@testable import Decoding
import Foundation
import Imaging
import XCTest

/// An ITF turned about 60° on a card lying on newsprint (Tests/Fixtures/retail, from `Scripts/make-barcode-photos
/// 12`, `itf-1/05`, cropped to the card and saved as JPEG 60; the crop reproduces the misread). zxing's second
/// opinion, scanning columns, crossed the bars slanting and read the piece `84123913` of `645684123913`: ITF has no
/// check digit, and the piece had white card on either side. Its neighbourhood straightened reads the whole code.
final class WholeITFTests: XCTestCase {
    func photo() throws -> GrayImage {
        let path = (TestPaths.packageRoot as NSString).appendingPathComponent("Tests/Fixtures/retail/turned-itf-on-card.jpg")
        return try ImageLoader().load(contentsOf: path)
    }

    func testATurnedITFIsReadWholeNotAsAPiece() throws {
        let read = BarcodeReader().read(try photo())
        XCTAssertEqual(read.map(\.text), ["645684123913"])
        XCTAssertEqual(read.map(\.format), [.itf])
    }

    /// The piece as zxing reads it, and what the straightened neighbourhood makes of it; a code with nothing longer
    /// around it stays as it was.
    func testThePieceIsReplacedByTheWholeCodeAroundIt() throws {
        let image = try photo()
        let zxing = ZXingReader()
        let piece = zxing.read(image, pass: .init(formats: [.itf], maxSymbols: 1, minLineCount: BarcodeReader.agreeingLines))
        XCTAssertEqual(piece.map(\.text), ["84123913"], "premise: zxing alone reads the piece")
        XCTAssertEqual(WholeITF.completing(piece, in: image, zxing: zxing).map(\.text), ["645684123913"])
        XCTAssertTrue(WholeITF.containsAsPiece("645684123913", "84123913"))
        XCTAssertFalse(WholeITF.containsAsPiece("645684123913", "4123913"), "a piece starts on a digit pair")
        var elsewhere = piece[0]
        elsewhere.bounds = Quad(x: 5, y: 5, width: 40, height: 4)  // a corner of the photo, away from the code
        XCTAssertEqual(WholeITF.completing([elsewhere], in: image, zxing: zxing).map(\.text), ["84123913"])
    }

    /// Two pieces of one code read at once: the piece that stayed a piece gives way to the whole code over it; the
    /// same digits elsewhere in the photo are another code and stay.
    func testAPieceBesideTheWholeCodeGivesWay() throws {
        let image = try photo()
        let whole = BarcodeReader().read(image)
        XCTAssertEqual(whole.map(\.text), ["645684123913"], "premise: the whole code is read")
        var piece = whole[0]
        piece.text = "645684"
        XCTAssertEqual(WholeITF.withoutPieces(whole + [piece]).map(\.text), ["645684123913"])
        // Read on rows of its own, a thin box beside the whole code's (zxing's box is the rows that agreed): the
        // same bars all the same.
        let box = whole[0].bounds
        piece.bounds = Quad(x: box.minX, y: box.maxY + 12, width: box.maxX - box.minX, height: 3)
        XCTAssertFalse(piece.bounds.overlaps(box), "premise: the two boxes do not overlap")
        XCTAssertEqual(WholeITF.withoutPieces(whole + [piece]).map(\.text), ["645684123913"])
        piece.bounds = Quad(x: 5, y: 5, width: 40, height: 4)
        XCTAssertEqual(WholeITF.withoutPieces(whole + [piece]).map(\.text), ["645684123913", "645684"])
    }
}
