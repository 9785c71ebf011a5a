import CZBar
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

    func testZXingBitsMatchZXingHeader() {
        // Values from /usr/include/ZXing/BarcodeFormat.h (zxing-cpp 1.4): C++ enums are not importable here.
        let expected: [BarcodeFormat: Int32] = [
            .aztec: 1 << 0, .codabar: 1 << 1, .code39: 1 << 2, .code93: 1 << 3, .code128: 1 << 4, .dataBar: 1 << 5,
            .dataBarExpanded: 1 << 6, .dataMatrix: 1 << 7, .ean8: 1 << 8, .ean13: 1 << 9, .itf: 1 << 10,
            .pdf417: 1 << 12, .qrCode: 1 << 13, .upcA: 1 << 14, .upcE: 1 << 15,
        ]
        for row in FormatTable.rows { XCTAssertEqual(row.zxingBit, expected[row.format], "\(row.format)") }
        let header = (try? String(contentsOfFile: "/usr/include/ZXing/BarcodeFormat.h", encoding: .utf8)) ?? ""
        XCTAssertTrue(header.contains("DataMatrix      = (1 << 7)"), "zxing header changed: re-check the table")
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
