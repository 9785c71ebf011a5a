import CardModel
@testable import Decoding
import XCTest

/// The pure parts of decoding: canonical EAN/UPC text, Code 32, QR character sets, FNC4 restoration.
final class TextFormsTests: XCTestCase {
    func testUPCTextBecomesGTIN13() {
        XCTAssertEqual(GTIN.canonicalText("070097025088", format: .upcA), "0070097025088")
        XCTAssertEqual(GTIN.canonicalText("5012345678900", format: .ean13), "5012345678900")
        // UPC-E 01234565 expands to UPC-A 012345000065 (last digit 5: manufacturer digits then 0000 then 5).
        XCTAssertEqual(GTIN.canonicalText("01234565", format: .upcE), "0012345000065")
    }

    func testUPCEExpansionRules() {
        // Each rule of GS1 zero suppression, by the sixth digit.
        // Sixth digit 0–2: first two digits, that digit, 0000, next three.
        XCTAssertEqual(GTIN.expandUPCE("01200003"), "012000000003")
        XCTAssertEqual(GTIN.expandUPCE("01234513"), "012100003453")
        // 3: first three, 00000, next two.
        XCTAssertEqual(GTIN.expandUPCE("01234133"), "012300000413")
        // 4: first four, 00000, fifth.
        XCTAssertEqual(GTIN.expandUPCE("01234543"), "012340000053")
        // 5–9: first five, 0000, sixth.
        XCTAssertEqual(GTIN.expandUPCE("01234565"), "012345000065")
        XCTAssertNil(GTIN.expandUPCE("21234565"), "number system must be 0 or 1")
    }

    func testCode32FromCode39() {
        XCTAssertEqual(Code32.pharmacode(fromCode39: "3PRM8N"), "A123456788")
        XCTAssertNil(Code32.pharmacode(fromCode39: "123456"), "all-digit Code 39 stays Code 39")
        XCTAssertNil(Code32.pharmacode(fromCode39: "3PRM8P"), "wrong check digit")
        XCTAssertNil(Code32.pharmacode(fromCode39: "ABCDEF"), "vowels are not in Code 32's alphabet")
        XCTAssertEqual(Code32.checkDigit([1, 2, 3, 4, 5, 6, 7, 8]), 8)
    }

    func testQRCharacterSets() {
        XCTAssertEqual(QRText.decode(Array("café".utf8)).charset, .utf8)
        XCTAssertEqual(QRText.decode([0x63, 0x61, 0x66, 0xE9]).text, "café")  // Latin-1
        XCTAssertEqual(QRText.decode([0x63, 0x61, 0x66, 0xE9]).charset, .latin1)
        // "日本" in Shift_JIS.
        let sjis = QRText.decode([0x93, 0xFA, 0x96, 0x7B])
        XCTAssertEqual(sjis.charset, .shiftJIS)
        XCTAssertEqual(sjis.text, "日本")
    }

    func testFNC4Restoration() {
        XCTAssertTrue(BarcodeReader.isFNC4Restoration(of: "ssss1234", by: "óóóó1234"))
        XCTAssertFalse(BarcodeReader.isFNC4Restoration(of: "ssss1234", by: "ssss1234"), "nothing to restore")
        XCTAssertFalse(BarcodeReader.isFNC4Restoration(of: "abcd", by: "óbcX"), "different content")
    }

    func testDuplicatesAcrossReadersAreRemoved() {
        let box = Quad(x: 10, y: 10, width: 100, height: 40)
        let a = Barcode(format: .ean13, text: "0070097025088", bounds: box)
        let b = Barcode(format: .upcA, text: "0070097025088", bounds: Quad(x: 12, y: 11, width: 98, height: 40))
        let elsewhere = Barcode(format: .ean13, text: "0070097025088", bounds: Quad(x: 500, y: 500, width: 100, height: 40))
        XCTAssertEqual(BarcodeReader.removingDuplicates([a, b, elsewhere]).count, 2)
    }
}
