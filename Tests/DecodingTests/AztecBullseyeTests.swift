import Evaluation
import CardModel
@testable import Decoding
import Foundation
import Imaging
import XCTest

/// A compact Aztec symbol's bullseye is five rings out from its centre and then its mode message, whose modules
/// are as often dark as light. Where the module beside the outermost dark ring is dark, that ring's run goes on
/// into it: a finder that wanted nine one-module runs through the centre lost every row and column there, and with
/// them small compact symbols photographed at an angle (own barcode photos, seed 1: 3 of 12 Aztec photos read).
final class AztecBullseyeTests: XCTestCase {
    /// Compact symbols (zint, one pixel a module) whose centre row or column runs into a dark mode-message module,
    /// photographed flat at 3.2 px a module, turned 0-35° in the frame: every one is found and read.
    func testCompactSymbolsWhoseRingRunsIntoTheModeMessageAreRead() throws {
        let dir = try TestPaths.scratchFolder()
        let reader = BarcodeReader()
        var tried = 0
        var misses: [String] = []
        for i in 0..<24 where tried < 8 {
            let data = "Ticket \(1000 + 37 * i) seat \(i % 9)"
            let path = "\(dir)/aztec-\(i).png"
            _ = try runTool("zint", ["-b", "92", "--vers=\(2 + i % 3)", "--scale=0.5", "--whitesp=0", "-d", data, "-o", path])
            let code = try ImageLoader().load(contentsOf: path)
            let c = code.width / 2
            // Only symbols whose bullseye runs on into the mode message along the centre row or column.
            let runsOn = [code[c - 5, c], code[c + 5, c], code[c, c - 5], code[c, c + 5]].contains { $0 < 128 }
            guard code.width == code.height, code.width <= 27, runsOn else { continue }
            tried += 1
            let roll = Double(tried * 5 % 36)
            let photo = SymbolPhoto.photographed(code, view: .init(scale: 3.2, radius: 0, tiltX: 0, tiltY: 0, roll: roll), seed: i)
            let found = reader.read(photo)
            if !found.contains(where: { $0.format == .aztec && $0.text == data }) {
                let miss = "\(dir)/miss-\(i).pgm"
                SymbolPhoto.save(photo, miss)
                misses.append("\(code.width)x\(code.width) turned \(roll)°: read \(found.map(\.text)) (\(miss))")
            }
        }
        XCTAssertGreaterThanOrEqual(tried, 6, "zint drew enough symbols whose ring runs into the mode message")
        XCTAssertEqual(misses, [], "\(tried) symbols tried")
    }
}
