import Evaluation
import CardModel
@testable import Decoding
import Foundation
import Imaging
import XCTest

/// zbar and zxing-cpp read the same DataBar symbol as different text (zxing: the bare GTIN, or `(01)…(10)…` for
/// Expanded); a card's code must read the same whichever of them read it. Real symbols drawn by zint, each read by
/// both readers on their own.
final class DataBarTextTests: XCTestCase {
    func testBothReadersGiveOneDataBarTheSameText() throws {
        let dir = try TestPaths.scratchFolder()
        let symbols: [(name: String, args: [String], expected: String, format: BarcodeFormat)] = [
            ("databar", ["-b", "29", "-d", "0319834172586"], "0103198341725861", .dataBar),
            // Fixed-length fields only: run together.
            ("expanded-fixed", ["-b", "31", "--gs1", "-d", "[01]98898765432106[3202]012345[15]991231"],
             "0198898765432106320201234515991231", .dataBarExpanded),
            // A batch number (AI 10, variable length) with a field after it: a GS ends it, as zbar gives it.
            ("expanded-variable", ["-b", "31", "--gs1", "-d", "[01]98898765432106[10]ABC123[15]991231"],
             "019889876543210610ABC123\u{1D}15991231", .dataBarExpanded),
        ]
        for symbol in symbols {
            let drawn = "\(dir)/\(symbol.name).png", padded = "\(dir)/\(symbol.name)-padded.png"
            _ = try runTool("zint", symbol.args + ["--scale=2", "-o", drawn])
            _ = try runTool("convert", [drawn, "-bordercolor", "white", "-border", "40", padded])
            let image = try ImageLoader().load(contentsOf: padded)
            let zbar = ZBarScanner(formats: [symbol.format]).scan(image)
            let zxing = ZXingReader().read(image, pass: .init(formats: [symbol.format]))
            XCTAssertEqual(zbar.map(\.text), [symbol.expected], "\(symbol.name): zbar")
            XCTAssertEqual(zxing.map(\.text), [symbol.expected], "\(symbol.name): zxing")
            XCTAssertEqual(zxing.map(\.isGS1), [true], "\(symbol.name): zxing marks DataBar as GS1 data")
        }
    }

    func testHumanReadableFieldsBecomeTheElementString() {
        XCTAssertEqual(DataBarText.fromZXing("03198341725861", format: .dataBar), "0103198341725861")
        XCTAssertEqual(DataBarText.fromZXing("(01)98898765432106(21)A1(3103)000750", format: .dataBarExpanded),
                       "019889876543210621A1\u{1D}3103000750")
        // Not made of (AI)value fields, or not DataBar: left as read.
        XCTAssertEqual(DataBarText.fromZXing("(01", format: .dataBarExpanded), "(01")
        XCTAssertEqual(DataBarText.fromZXing("()12", format: .dataBarExpanded), "()12")
        XCTAssertEqual(DataBarText.fromZXing("12345678901234", format: .code128), "12345678901234")
    }
}
