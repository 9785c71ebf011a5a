import Evaluation
import CardModel
import Decoding
import Imaging
import XCTest

/// Data Matrix codes the way they reach the scanner on cards and wristbands (issue 12): small and clean
/// on a card with text, and curved round a wrist and photographed at an angle. zxing-cpp 1.4's own detectors lose
/// most of these; our locators (Sources/Decoding/Symbols) must not.
final class SymbolLocatorTests: XCTestCase {
    /// The reproduction: zint's `--scale=5` GS1 symbol (16x16 modules, 160 px as zint draws it) on a flat
    /// white 1100x700 card beside two lines of text. A clean upright symbol must never be missed.
    func testCleanSmallSymbolOnCard() throws {
        let dir = try TestPaths.scratchFolder()
        let code = "\(dir)/nhs.png", photo = "\(dir)/card-nhs.png"
        try runTool("zint", ["-b", "71", "--gs1", "-d", "[8018]795000099925519099", "--scale=5", "-o", code])
        _ = try SymbolPhoto.card(in: dir)
        try runTool("composite", ["-geometry", "+760+380", code, "\(dir)/card.png", photo])
        let found = BarcodeReader().read(try ImageLoader().load(contentsOf: photo))
        XCTAssertTrue(found.contains { $0.format == .dataMatrix && $0.text == "8018795000099925519099" },
                      "read \(found.map(\.text))")
    }

    /// 10- to 24-module GS1 Data Matrix at 3, 4 and 5 pixels per module on a card with text: all read.
    func testSmallDataMatrixOnCard() throws {
        let dir = try TestPaths.scratchFolder()
        let card = try SymbolPhoto.card(in: dir)
        let reader = BarcodeReader()
        var misses: [String] = []
        var total = 0
        for (i, size) in [10, 12, 14, 16, 18, 20, 22, 24].enumerated() {
            for scale in [3, 4, 5] {
                let data = SymbolPhoto.gs1Data(size: size, seed: i * 10 + scale)
                let code = try SymbolPhoto.dataMatrix(size: size, data: data, in: dir)
                let photo = SymbolPhoto.pasted(code, scale: scale, onto: card, x: 700 + 13 * i, y: 330 + 11 * scale)
                total += 1
                let found = reader.read(photo)
                if !found.contains(where: { $0.text.filter { $0 != "\u{1D}" } == SymbolPhoto.expectedText(data) }) {
                    let path = "\(dir)/miss-\(size)-\(scale).pgm"
                    SymbolPhoto.save(photo, path)
                    misses.append("\(size)x\(size) at \(scale) px/module: read \(found.map(\.text)) (\(path))")
                }
            }
        }
        XCTAssertEqual(misses, [], "every clean symbol must read: \(total - misses.count)/\(total)")
    }

    /// The same codes at 2-4 pixels per module on a wristband: curved round the wrist and photographed at 30°
    /// (about either axis), turned in the frame. At least 95% must read; each miss is printed.
    func testCurvedAndTiltedDataMatrix() throws {
        let dir = try TestPaths.scratchFolder()
        let reader = BarcodeReader()
        let views: [SymbolPhoto.View] = [
            .init(scale: 0, radius: 2.2, tiltX: 30, tiltY: 0, roll: 0),
            .init(scale: 0, radius: 2.2, tiltX: 0, tiltY: 30, roll: 12),
            .init(scale: 0, radius: 1.6, tiltX: 30, tiltY: 10, roll: -35),
            .init(scale: 0, radius: 0, tiltX: 20, tiltY: 30, roll: 70),
        ]
        var misses: [String] = []
        var total = 0
        for (i, size) in [10, 12, 14, 16, 18, 20, 22, 24].enumerated() {
            let data = SymbolPhoto.gs1Data(size: size, seed: 100 + i)
            let code = try SymbolPhoto.dataMatrix(size: size, data: data, in: dir)
            for scale in [2.0, 3.0, 4.0] {
                for (k, base) in views.enumerated() {
                    var view = base
                    view.scale = scale
                    total += 1
                    let photo = SymbolPhoto.photographed(code, view: view, seed: i * 31 + k)
                    let found = reader.read(photo)
                    if !found.contains(where: { $0.text.filter { $0 != "\u{1D}" } == SymbolPhoto.expectedText(data) }) {
                        let path = "\(dir)/miss-\(size)-\(Int(scale))-\(k).pgm"
                        SymbolPhoto.save(photo, path)
                        misses.append("\(size)x\(size), \(view) (\(path))")
                    }
                }
            }
        }
        let rate = Double(total - misses.count) / Double(total)
        XCTAssertGreaterThanOrEqual(rate, 0.95, "curved and tilted Data Matrix: \(total - misses.count)/\(total) read; misses: \(misses)")
    }
}
