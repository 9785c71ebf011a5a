@testable import Imaging
import XCTest

/// `hasUnevenBackground` decides whether a text block is also read with its background flattened: print on a
/// card that fills the block reads at one grey level, a card on a dark desk or in a shadow may not.
final class BackgroundLevelTests: XCTestCase {
    /// A white page, 640x400, with rows of dark letter-sized bars on it (a third of each text row is ink).
    static func printedPage() -> GrayImage {
        var page = GrayImage(width: 640, height: 400, filledWith: 235)
        for row in stride(from: 30, to: 370, by: 40) {
            for letter in stride(from: 40, to: 600, by: 18) {
                for y in row..<(row + 16) { for x in letter..<(letter + 6) { page[x, y] = 40 } }
            }
        }
        return page
    }

    func testAnEvenlyLitPageIsEven() {
        XCTAssertFalse(Self.printedPage().hasUnevenBackground())
    }

    func testAPageBesideADarkDeskIsUneven() {
        var page = Self.printedPage()
        // The left 40% is desk: mid-dark with grain, as a loosely cut block around a card holds.
        for y in 0..<page.height { for x in 0..<256 { page[x, y] = UInt8(90 + (y * 7 + x / 3) % 25) } }
        XCTAssertTrue(page.hasUnevenBackground())
    }

    func testAPageInAShadowIsUneven() {
        var page = Self.printedPage()
        for x in 0..<page.width {
            let light = 0.25 + 0.75 * Double(x) / Double(page.width - 1)
            for y in 0..<page.height { page[x, y] = UInt8((Double(page[x, y]) * light).rounded()) }
        }
        XCTAssertTrue(page.hasUnevenBackground())
    }

    func testAStripOfDeskAtTheEdgeIsNotUneven() {
        // A block cut with a margin round a card: a tenth of it desk is normal, and reads at one level.
        var page = Self.printedPage()
        for y in 0..<page.height { for x in 0..<48 { page[x, y] = 80 } }
        XCTAssertFalse(page.hasUnevenBackground())
    }

    func testLevelsAreThePaperNotThePrint() {
        let levels = Self.printedPage().backgroundLevels()
        XCTAssertEqual(levels.count, (640 / 32) * (400 / 32))
        XCTAssertEqual(levels.first, 235, "every tile's level is the paper, even where a third of it is ink")
    }

    // `deskWhitened`: the dark desk around a light band goes white, the print and the paper stay.

    func testTheDeskAroundABandIsWhitenedAndThePrintKept() {
        // A band across the middle (rows 120-280) of a near-black desk with grain, printed with the page's bars.
        var photo = Self.printedPage()
        for y in 0..<photo.height where y < 120 || y >= 280 {
            for x in 0..<photo.width { photo[x, y] = UInt8(15 + (y * 7 + x / 3) % 20) }
        }
        let whitened = photo.deskWhitened()
        XCTAssertEqual(whitened[320, 20], 255, "desk above the band")
        XCTAssertEqual(whitened[320, 380], 255, "desk below the band")
        XCTAssertEqual(whitened[42, 155], 40, "a letter's stroke on the band")
        XCTAssertEqual(whitened[55, 155], 235, "the band's paper between letters")
    }

    func testAnEvenPageHasNoDesk() {
        let page = Self.printedPage()
        XCTAssertEqual(page.deskWhitened().pixels, page.pixels, "letters narrower than the window are not desk")
    }

    func testDarkPrintWiderThanALetterOnlyGoesWhiteWhenWiderThanTheWindow() {
        // A 20-px-wide dark bar (a bold rule, a barcode's quiet dark side) stays; a 60-px dark block is desk-like.
        var page = Self.printedPage()
        for y in 100..<200 { for x in 300..<320 { page[x, y] = 30 } }
        for y in 100..<200 { for x in 400..<460 { page[x, y] = 30 } }
        let whitened = page.deskWhitened()
        XCTAssertEqual(whitened[310, 150], 30)
        XCTAssertEqual(whitened[430, 150], 255)
    }
}
