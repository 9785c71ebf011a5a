import CardModel
import Recognition
import XCTest

/// Which lines are read again: a label without a valid value of its kind on the card.
final class RereadPlannerTests: XCTestCase {
    func line(_ id: String, _ text: String) -> RecognizedItem {
        RecognizedItem(id: id, kind: .text, text: text, bounds: Quad(x: 0, y: 0, width: 10, height: 10), confidence: 0.9)
    }

    let today = SimpleDate(year: 2026, month: 11, day: 23)!

    func testLabelWithoutItsValueIsReadAgain() {
        // OCR lost the number's last groups: the NHS label line is the one to read again; so is a birth label
        // whose date failed.
        let items = [line("t1", "Name: Robin Testwood"), line("t2", "NHS Number: 999"), line("t3", "D.O.B. 3l/O2/l9S9"),
                     line("t4", "Tel: 01632 960001")]
        let built = SuggestionBuilder(today: today).build(items: items, region: RegionResolution(code: .gb, basis: .fallback))
        XCTAssertEqual(RereadPlanner.lines(items: items, suggestions: built.suggestions), ["t2", "t3"])
    }

    func testNothingIsReadAgainWhenTheValuesWereFound() {
        let items = [line("t1", "NHS Number: 999 000 0018"), line("t2", "DOB: 01/02/1980")]
        let built = SuggestionBuilder(today: today).build(items: items, region: RegionResolution(code: .gb, basis: .fallback))
        XCTAssertEqual(Set(built.suggestions.filter(\.valid).map(\.type)), ["nhsNumber", "dateOfBirth"])
        XCTAssertEqual(RereadPlanner.lines(items: items, suggestions: built.suggestions), [])
    }

    /// A line cut short after a postcode's outward code (`… St Example GY2`), on a card where no postcode was read.
    func testALineEndingInHalfAPostcodeIsReadAgain() {
        let items = [line("t1", "Name Robin Testwood"), line("t2", "7 Example Lane, St Example GY2"), line("t3", "Tel 01632 960001")]
        let built = SuggestionBuilder(today: today).build(items: items, region: RegionResolution(code: .gb, basis: .fallback))
        XCTAssertEqual(RereadPlanner.lines(items: items, suggestions: built.suggestions), ["t2"])
        let whole = items + [line("t4", "7 Example Lane, St Example GY2 4ZZ")]
        let builtWhole = SuggestionBuilder(today: today).build(items: whole, region: RegionResolution(code: .gb, basis: .fallback))
        XCTAssertEqual(RereadPlanner.lines(items: whole, suggestions: builtWhole.suggestions), [], "a postcode read elsewhere")
        XCTAssertEqual(RereadPlanner.lines(items: [line("t1", "Collect from window b2")], suggestions: []), [], "no outward code in lower case")
    }

    func testAtMostALimitedNumberOfLines() {
        let items = (1...6).map { line("t\($0)", "NHS No: \($0)") }
        let built = SuggestionBuilder(today: today).build(items: items, region: RegionResolution(code: .gb, basis: .fallback))
        XCTAssertEqual(RereadPlanner.lines(items: items, suggestions: built.suggestions).count, RereadPlanner.limit)
    }
}
