import Evaluation
import CardModel
@testable import Decoding
import Imaging
import XCTest

/// The quiet-zone rule for short retail codes (`QuietZone`), on codes zint renders: half of an EAN-13 read as if it
/// were a UPC-E has the other half's bars beyond its end; a real UPC-E and EAN-8 have their quiet zones; and the
/// photo on which zbar did read a piece of an EAN-13 as a UPC-E (drawn as `Scripts/make-barcode-photos 1` drew
/// `ean13-1/04`: upright bars, about 1.9 px a module) reads as the EAN-13 or not at all, never as a UPC-E.
final class QuietZoneTests: XCTestCase {
    /// A zint render at `scale` px a module (bars upright, quiet zones on), as a grey image.
    func render(_ zintType: Int, _ data: String, scale: Int = 2, in dir: String) throws -> GrayImage {
        let path = "\(dir)/code\(zintType).png"
        try runTool("zint", ["-b", String(zintType), "--scale", String(scale), "--quietzones", "-d", data, "-o", path])
        return try ImageLoader().load(contentsOf: path)
    }

    /// zbar's scan points as `ZBarScanner` gets them for a read along rows from `a0` to `a1`: line ends at both
    /// ends, on rows `rows`.
    func points(from a0: Int, to a1: Int, rows: ClosedRange<Int>) -> [Point] {
        rows.flatMap { [Point(x: a0, y: $0), Point(x: a1, y: $0)] }
    }

    func testHalfOfALongerCodeIsNotAShortCodeOfItsOwn() throws {
        let dir = try TestPaths.scratchFolder()
        let ean13 = try render(13, "714189195539", in: dir)
        // The bars' extent on the middle row: first and last dark columns.
        let row = ean13.height / 3
        let dark = (0..<ean13.width).filter { ean13[$0, row] < 128 }
        let (first, last) = (try XCTUnwrap(dark.first), try XCTUnwrap(dark.last))
        let module = Double(last - first) / 95
        // A UPC-E's length (51 modules) from the code's left end: the EAN-13's right part lies beyond it.
        let pieceEnd = first + Int(51 * module)
        XCTAssertTrue(QuietZone.barsBeyondEnds(of: .upcE, scanPoints: points(from: first, to: pieceEnd, rows: row - 4...row + 4),
                                               alongRows: true, in: ean13), "a piece of an EAN-13 is refused as a UPC-E")
        // A real UPC-E and EAN-8, each seen from its own first bar to its last: their quiet zones are clear.
        let upcE = try render(37, "01234565", in: dir)
        let upcDark = (0..<upcE.width).filter { upcE[$0, upcE.height / 3] < 128 }
        XCTAssertFalse(QuietZone.barsBeyondEnds(of: .upcE, scanPoints: points(from: upcDark.first!, to: upcDark.last!,
                                                                             rows: upcE.height / 3 - 4...upcE.height / 3 + 4),
                                                alongRows: true, in: upcE), "a UPC-E with its quiet zones is kept")
        let ean8 = try render(10, "9638507", in: dir)
        let eanDark = (0..<ean8.width).filter { ean8[$0, ean8.height / 3] < 128 }
        XCTAssertFalse(QuietZone.barsBeyondEnds(of: .ean8, scanPoints: points(from: eanDark.first!, to: eanDark.last!,
                                                                             rows: ean8.height / 3 - 4...ean8.height / 3 + 4),
                                                alongRows: true, in: ean8), "an EAN-8 with its quiet zones is kept")
    }

    /// A code turned against the scan lines: each line's read ends somewhere else, so the rule cannot tell and
    /// keeps the read (a UPC-E turned 45° had been lost to it).
    func testACodeTurnedAgainstTheScanLinesIsLeftAlone() throws {
        let dir = try TestPaths.scratchFolder()
        let upcE = try render(37, "01234565", in: dir)
        let turned = "\(dir)/turned.png"
        try runTool("convert", ["\(dir)/code37.png", "-background", "white", "-rotate", "40", turned])
        let image = try ImageLoader().load(contentsOf: turned)
        // Line ends that move along the code with the row, as on a turned code.
        let length = upcE.width / 2
        var ends: [Point] = []
        for i in 0..<10 {
            let start = 40 + 3 * i, y = 60 + 3 * i
            ends += [Point(x: start, y: y), Point(x: start + length, y: y)]
        }
        XCTAssertFalse(QuietZone.barsBeyondEnds(of: .upcE, scanPoints: ends, alongRows: true, in: image))
    }

    /// A code read right up to the image's edge has nothing beyond that end to look at: the look is clipped to the
    /// image, not taken past it (a range past the edge stopped the process).
    func testACodeEndingAtTheImagesEdgeIsLookedAtInsideTheImageOnly() throws {
        let dir = try TestPaths.scratchFolder()
        let upcE = try render(37, "01234565", in: dir)
        let row = upcE.height / 3
        let upcDark = (0..<upcE.width).filter { upcE[$0, row] < 128 }
        // Cut just after the code's last bar, so its right end is the image's last column.
        let cut = upcE.cropped(x: 0, y: 0, width: upcDark.last! + 1, height: upcE.height)
        XCTAssertFalse(QuietZone.barsBeyondEnds(of: .upcE, scanPoints: points(from: upcDark.first!, to: upcDark.last!, rows: row - 4...row + 4),
                                                alongRows: true, in: cut), "nothing seen beyond the edge: kept")
        // Scan points past the edge, as a read on an enlarged band's last pixel maps back.
        XCTAssertFalse(QuietZone.barsBeyondEnds(of: .upcE, scanPoints: points(from: upcDark.first!, to: cut.width + 3, rows: row - 4...row + 4),
                                                alongRows: true, in: cut))
    }

    func testAnEAN13PhotographedBlurredIsNeverReadAsAUPCE() throws {
        let dir = try TestPaths.scratchFolder()
        let code = "\(dir)/ean.png", photo = "\(dir)/photo.jpg"
        try runTool("zint", ["-b", "13", "--scale", "1", "--quietzones", "-d", "714189195539", "-o", code])
        // Bars running across the frame (the code turned a quarter), about 1.9 px a module, soft and noisy, on paper.
        try runTool("convert", [code, "-resize", "190%", "-rotate", "90", "-bordercolor", "white", "-border", "30",
                                "-background", "#707070", "-gravity", "center", "-extent", "800x600",
                                "-blur", "0x0.45", "-attenuate", "0.3", "+noise", "Gaussian", "-quality", "56", photo])
        let found = BarcodeReader().read(try ImageLoader().load(contentsOf: photo))
        XCTAssertFalse(found.contains { $0.format == .upcE || $0.format == .ean8 }, "\(found.map { "\($0.format.rawValue) \($0.text)" })")
        XCTAssertTrue(found.allSatisfy { $0.text == "7141891955390" }, "\(found.map { "\($0.format.rawValue) \($0.text)" })")
    }
}
