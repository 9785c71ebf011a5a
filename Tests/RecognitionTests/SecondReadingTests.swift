import CardModel
import Recognition
import XCTest

/// When the detector's lines are read a second way (tesseract's layout analysis): read unsurely, or a label read
/// without a valid value of its kind anywhere on the card.
final class SecondReadingTests: XCTestCase {
    let today = SimpleDate(year: 2026, month: 11, day: 27)!

    func lines(_ texts: [String], confidence: Double = 0.92) -> [RecognizedItem] {
        texts.enumerated().map { i, text in
            RecognizedItem(id: "t\(i + 1)", kind: .text, text: text, bounds: Quad(x: 0, y: 40 * i, width: 300, height: 30),
                           confidence: confidence)
        }
    }

    func wanted(_ items: [RecognizedItem]) -> Bool {
        let built = SuggestionBuilder(today: today, givenNames: .installedForTests).build(items: items, region: RegionResolution(code: .gb, basis: .fallback))
        return SecondReading.wanted(items: items, suggestions: built.suggestions)
    }

    func unread(_ items: [RecognizedItem]) -> [SuggestionKind] {
        let built = SuggestionBuilder(today: today, givenNames: .installedForTests).build(items: items, region: RegionResolution(code: .gb, basis: .fallback))
        return SecondReading.unreadLabels(text: items, suggestions: built.suggestions)
    }

    func testASurelyReadCardWithEveryValueIsNotReadAgain() {
        let card = lines(["NHS Number: 999 000 0018", "Name: Robin Testwood", "DOB: 01/02/1980"])
        XCTAssertEqual(unread(card), [])
        XCTAssertFalse(wanted(card))
    }

    func testALabelWithoutItsValueAsksForTheSecondWay() {
        // The number's last group lost, a birth date past repair, a Jersey number cut short: each label says what
        // the card holds and the lines did not give.
        XCTAssertEqual(unread(lines(["NHS Number: 999 000", "Name: Robin Testwood"])), [.nhsNumber])
        XCTAssertEqual(unread(lines(["Date of birth: 3l/O2/l9S9"])), [.dateOfBirth])
        XCTAssertEqual(unread(lines(["Social Security No. JY 12"])), [.jerseySocialSecurity])
        XCTAssertEqual(unread(lines(["Hospital No:"])), [.hospitalNumber])
        XCTAssertTrue(wanted(lines(["NHS Number: 999 000", "Name: Robin Testwood"])))
    }

    func testAValueFoundElsewhereSettlesItsLabel() {
        // The barcode holds the NHS number the printed line lost.
        let code = RecognizedItem(id: "b1", kind: .barcode, format: .code128, text: "9990000018",
                                  bounds: Quad(x: 0, y: 200, width: 200, height: 60), confidence: 1)
        let items = lines(["NHS Number: 999 000"]) + [code]
        XCTAssertFalse(unread(items).contains(.nhsNumber))
    }

    func testUnsurelyReadTextAsksForTheSecondWay() {
        let card = ["NHS Number: 999 000 0018", "Name: Robin Testwood", "DOB: 01/02/1980"]
        XCTAssertFalse(wanted(lines(card, confidence: SecondReading.sureText + 0.05)))
        XCTAssertTrue(wanted(lines(card, confidence: SecondReading.sureText - 0.1)))
        XCTAssertTrue(wanted([]), "no text at all")
    }
}
