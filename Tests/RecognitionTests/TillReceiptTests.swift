import CardModel
@testable import Recognition
import XCTest

/// A till receipt is no card: a line shaped like a name on one is an item or a shop, and its one date is the sale's.
/// Invented lines; receipts-dev (through the real CLI) is `ReceiptScanTests`.
final class TillReceiptTests: XCTestCase {
    let builder = SuggestionBuilder(today: SimpleDate(year: 2026, month: 11, day: 22)!, givenNames: .installedForTests)
    let gb = RegionResolution(code: .gb, basis: .timezone)
    let tillWords = ["SUB TOTAL 12.50", "GST 6% 0.75", "CASH 20.00", "CHANGE 6.75"]

    func suggestions(_ texts: [String]) -> [Suggestion] {
        let items = texts.enumerated().map { i, t in
            RecognizedItem(id: "t\(i + 1)", kind: .text, text: t, bounds: Quad(x: 0, y: i * 40, width: 300, height: 30), confidence: 0.9)
        }
        return builder.build(items: items, region: gb).suggestions
    }

    func valid(_ kind: SuggestionKind, _ found: [Suggestion]) -> [String] {
        found.filter { $0.type == kind && $0.valid }.map(\.value)
    }

    func testUnlabelledNamesAndDatesOnAReceiptAreShownNotOffered() {
        let card = ["Olivia Example", "12/03/2018"]
        XCTAssertEqual(valid(.name, suggestions(card)), ["Olivia Example"], "the premise: alone, these lines give a name")
        XCTAssertEqual(valid(.dateOfBirth, suggestions(card)), ["2018-03-12"], "and a date of birth")

        let receipt = suggestions(card + tillWords)
        XCTAssertEqual(valid(.name, receipt), [])
        XCTAssertEqual(valid(.dateOfBirth, receipt), [])
        for kind in [SuggestionKind.name, .dateOfBirth] {
            let shown = receipt.first { $0.type == kind }
            XCTAssertNotNil(shown, "\(kind.rawValue) is still listed")
            XCTAssertTrue(shown?.problem?.contains("till receipt") == true, shown?.problem ?? "no problem given")
        }
    }

    func testALabelStillMakesThemTheHolders() {
        let found = suggestions(["Name: Olivia Example", "DOB 12/03/2018"] + tillWords)
        XCTAssertEqual(valid(.name, found), ["Olivia Example"])
        XCTAssertEqual(valid(.dateOfBirth, found), ["2018-03-12"])
    }

    func testACardsFewOfTheseWordsDoNotMakeItAReceipt() {
        // A letter's `Tel` and `Thank you`, a card's `Total`: at most 2 on every dev photo; 4 make a receipt.
        XCTAssertFalse(TillReceipt.isOne(["Tel 01534 000000", "Thank you for your visit", "Total"]))
        XCTAssertTrue(TillReceipt.isOne(tillWords))
    }
}
