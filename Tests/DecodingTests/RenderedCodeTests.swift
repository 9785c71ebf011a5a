import Evaluation
import CardModel
import Decoding
import Imaging
import XCTest

/// Codes rendered by zint (the tool, as Scripts/make-samples uses it), then turned, shrunk or grown and put on a
/// noisy background with ImageMagick, must decode to exactly their data.
final class RenderedCodeTests: XCTestCase {
    struct Case {
        let zintType: Int
        let data: String
        let format: BarcodeFormat
        var expected: String? = nil
        var zintOptions: [String] = []
    }

    static let cases: [Case] = [
        .init(zintType: 20, data: "9990000018", format: .code128),
        .init(zintType: 13, data: "501234567890", format: .ean13, expected: "5012345678900"),
        .init(zintType: 8, data: "CARD-42", format: .code39),
        .init(zintType: 3, data: "12345670", format: .itf),
        .init(zintType: 58, data: "Name: Sam Sample, DOB: 02/03/1980", format: .qrCode),
        .init(zintType: 71, data: "[8018]795000000000000012[91]JE123456", format: .dataMatrix,
              expected: "8018795000000000000012\u{1D}91JE123456", zintOptions: ["--gs1"]),
        .init(zintType: 55, data: "ID*EXAMPLE*TAYLOR*1990-01-31", format: .pdf417),
        .init(zintType: 92, data: "Loyalty 0042-7781", format: .aztec),
    ]

    /// (ImageMagick operations, label) applied to each rendered code.
    static let treatments: [([String], String)] = [
        ([], "as rendered"),
        (["-rotate", "17"], "turned 17°"),
        (["-rotate", "90"], "turned 90°"),
        (["-rotate", "-8", "-resize", "60%"], "turned and shrunk"),
        (["-resize", "250%"], "grown"),
        (["-attenuate", "0.6", "+noise", "Gaussian", "-blur", "0x0.6"], "noisy and soft"),
    ]

    func testRenderedCodesDecodeToTheirData() throws {
        let dir = try TestPaths.scratchFolder()
        let reader = BarcodeReader()
        var failures: [String] = []
        for (index, c) in Self.cases.enumerated() {
            let code = "\(dir)/code\(index).png"
            try runTool("zint", ["-b", String(c.zintType), "--scale", "3", "--quietzones", "-d", c.data, "-o", code] + c.zintOptions)
            for (treatmentIndex, (operations, label)) in Self.treatments.enumerated() {
                let photo = "\(dir)/photo\(index)-\(treatmentIndex).png"
                // On a grey, noisy background with a margin, then the treatment.
                try runTool("convert", [code, "-bordercolor", "white", "-border", "24", "-background", "#8a8a8a"]
                            + operations + ["-gravity", "center", "-extent", "140%x140%", "-flatten", photo])
                let found = reader.read(try ImageLoader().load(contentsOf: photo))
                let expected = c.expected ?? c.data
                if !found.contains(where: { $0.text == expected && $0.format.family == c.format.family }) {
                    failures.append("\(c.format.rawValue) \(label): got \(found.map { "\($0.format.rawValue) \($0.text)" })")
                }
            }
        }
        XCTAssertEqual(failures, [], "rendered codes that did not decode to their data")
    }

    /// Code 128 with Latin-1 letters (FNC4): zbar drops their high bit ("M|ller-Nie"); zxing, reading only the
    /// code's neighbourhood, restores them — upright, sideways and grown. (Turned 17°, this long code is not read
    /// at all within the default retry effort: a limit of the retry plan, not of the restoration.)
    func testLatin1Code128IsRestored() throws {
        let dir = try TestPaths.scratchFolder()
        let code = "\(dir)/latin1.png"
        try runTool("zint", ["-b", "20", "--scale", "3", "--quietzones", "-d", "Müller-Née 42", "-o", code])
        for operations in [[], ["-rotate", "90"], ["-resize", "250%"]] {
            let photo = "\(dir)/latin1-\(operations.count).png"
            try runTool("convert", [code, "-bordercolor", "white", "-border", "24", "-background", "#8a8a8a"]
                        + operations + ["-gravity", "center", "-extent", "140%x140%", "-flatten", photo])
            let found = BarcodeReader().read(try ImageLoader().load(contentsOf: photo))
            XCTAssertEqual(found.map(\.text), ["Müller-Née 42"], "\(operations)")
        }
    }
}

extension BarcodeFormat {
    var family: String { self == .upcA || self == .upcE ? BarcodeFormat.ean13.rawValue : rawValue }
}
