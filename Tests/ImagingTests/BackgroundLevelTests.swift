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
}
