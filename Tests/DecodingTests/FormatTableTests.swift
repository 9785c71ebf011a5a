import CZBar
import CZXing
import CardModel
@testable import Decoding
import XCTest

/// Every Swift ↔ C constant in the format table, pinned to the C value it stands for.
final class FormatTableTests: XCTestCase {
    func testZBarSymbolTypesMatchZbarHeader() {
        let expected: [BarcodeFormat: zbar_symbol_type_t] = [
            .ean8: ZBAR_EAN8, .ean13: ZBAR_EAN13, .upcA: ZBAR_UPCA, .upcE: ZBAR_UPCE, .code128: ZBAR_CODE128,
            .code39: ZBAR_CODE39, .code93: ZBAR_CODE93, .itf: ZBAR_I25, .codabar: ZBAR_CODABAR,
            .dataBar: ZBAR_DATABAR, .dataBarExpanded: ZBAR_DATABAR_EXP, .qrCode: ZBAR_QRCODE,
        ]
        for row in FormatTable.rows {
            XCTAssertEqual(row.zbarSymbol, expected[row.format]?.rawValue, "\(row.format)")
        }
    }

    func testZXingFormatsMatchZXingHeader() {
        let expected: [BarcodeFormat: [ZXing_BarcodeFormat]] = [
            .ean8: [ZXing_BarcodeFormat_EAN8], .ean13: [ZXing_BarcodeFormat_EAN13], .upcA: [ZXing_BarcodeFormat_UPCA],
            .upcE: [ZXing_BarcodeFormat_UPCE], .code128: [ZXing_BarcodeFormat_Code128],
            .code39: [ZXing_BarcodeFormat_Code39Std], .code93: [ZXing_BarcodeFormat_Code93], .itf: [ZXing_BarcodeFormat_ITF],
            .codabar: [ZXing_BarcodeFormat_Codabar],
            .dataBar: [ZXing_BarcodeFormat_DataBarOmni, ZXing_BarcodeFormat_DataBarStk, ZXing_BarcodeFormat_DataBarStkOmni],
            .dataBarExpanded: [ZXing_BarcodeFormat_DataBarExp, ZXing_BarcodeFormat_DataBarExpStk],
            .qrCode: [ZXing_BarcodeFormat_QRCode],
            .dataMatrix: [ZXing_BarcodeFormat_DataMatrix],
            .pdf417: [ZXing_BarcodeFormat_PDF417], .aztec: [ZXing_BarcodeFormat_Aztec],
        ]
        for row in FormatTable.rows {
            XCTAssertEqual(row.zxingFormats.map(UInt32.init), expected[row.format]?.map(\.rawValue), "\(row.format)")
        }
        // A read names the variant it found: an ISBN is an EAN-13 here, a DataBar Limited (which zbar does not read
        // and nobody asks for) is nothing.
        XCTAssertEqual(FormatTable.format(zxingFormat: UInt16(ZXing_BarcodeFormat_ISBN.rawValue)), .ean13)
        XCTAssertNil(FormatTable.format(zxingFormat: UInt16(ZXing_BarcodeFormat_DataBarLtd.rawValue)))
        XCTAssertEqual(FormatTable.format(zxingFormat: UInt16(ZXing_BarcodeFormat_QRCodeModel2.rawValue)), .qrCode)
        XCTAssertEqual(FormatTable.format(zxingFormat: UInt16(ZXing_BarcodeFormat_AztecRune.rawValue)), .aztec)
    }

    func testEveryFormatHasOneRowAndAReader() {
        XCTAssertEqual(Set(FormatTable.rows.map(\.format)), Set(BarcodeFormat.allCases))
        XCTAssertEqual(FormatTable.rows.count, BarcodeFormat.allCases.count)
        XCTAssertEqual(FormatTable.zxingOnly, [.dataMatrix, .pdf417, .aztec])
    }

    func testUserSpellingsOfFormats() {
        XCTAssertEqual(BarcodeFormat(userSpelling: "ean13"), .ean13)
        XCTAssertEqual(BarcodeFormat(userSpelling: "QR"), .qrCode)
        XCTAssertEqual(BarcodeFormat(userSpelling: "Data-Matrix"), .dataMatrix)
        XCTAssertEqual(BarcodeFormat(userSpelling: "CODE-128"), .code128)
        XCTAssertNil(BarcodeFormat(userSpelling: "maxicode"))
        let parsed = BarcodeFormat.parseList("ean13, qr,bogus")
        XCTAssertEqual(parsed.formats, [.ean13, .qrCode])
        XCTAssertEqual(parsed.unknown, ["bogus"])
    }
}
