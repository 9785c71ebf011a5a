import CardModel
@testable import Recognition
import XCTest

/// Which lines are read again: a label without a valid value of its kind on the card.
final class RereadPlannerTests: XCTestCase {
    /// A line of its own: `tN` lies N rows down.
    func line(_ id: String, _ text: String) -> RecognizedItem {
        RecognizedItem(id: id, kind: .text, text: text, bounds: Quad(x: 0, y: 40 * (Int(id.dropFirst()) ?? 0), width: 300, height: 30),
                       confidence: 0.9)
    }

    let today = SimpleDate(year: 2026, month: 11, day: 23)!

    func testLabelWithoutItsValueIsReadAgain() {
        // OCR lost the number's last groups: the NHS label line is the one to read again; so is a birth label
        // whose date failed.
        let items = [line("t1", "Name: Robin Testwood"), line("t2", "NHS Number: 999"), line("t3", "D.O.B. 3l/O2/l9S9"),
                     line("t4", "Tel: 01632 960001")]
        let built = SuggestionBuilder(today: today, givenNames: .installedForTests).build(items: items, region: RegionResolution(code: .gb, basis: .fallback))
        XCTAssertEqual(RereadPlanner.lines(items: items, suggestions: built.suggestions), ["t2", "t3"])
    }

    /// The reading plan: a label line without its value gets both looks; a date's shape that is no date (`Ju` for
    /// `Jul`, no label to say it is a birth date) on a card with no date of birth, the other reader's look; none of it
    /// once a date of birth was read.
    func testThePlanReadsABrokenDateByTheOtherReader() {
        let items = [line("t1", "HALL, Kathleen"), line("t2", "008 28-Ju-1942"), line("t3", "NHS Number: 999"),
                     line("t4", "Printed 2024")]
        let built = SuggestionBuilder(today: today, givenNames: .installedForTests).build(items: items, region: RegionResolution(code: .gb, basis: .fallback))
        XCTAssertEqual(RereadPlanner.plan(items: items, suggestions: built.suggestions),
                       [.init(id: "t3", looks: [.otherReader, .closer]), .init(id: "t2", looks: [.otherReader])])
        let read = items + [line("t5", "DOB 28-Jul-1942")]
        let builtRead = SuggestionBuilder(today: today, givenNames: .installedForTests).build(items: read, region: RegionResolution(code: .gb, basis: .fallback))
        XCTAssertTrue(builtRead.suggestions.contains { $0.valid && $0.type == .dateOfBirth })
        XCTAssertEqual(RereadPlanner.plan(items: read, suggestions: builtRead.suggestions), [.init(id: "t3", looks: [.otherReader, .closer])])
    }

    /// A birth date printed with an ordinal day or the month's whole name (a wristband's `Born on: 16th Jan 1967`,
    /// a banner's `Born 12th March 1987 (38y)`), read with slips past every label and repair, still has a date's
    /// shape: the other reader reads it. Not a line of words and numbers that holds no date.
    func testOrdinalDaysAndWholeMonthNamesHoldADatesShape() {
        XCTAssertTrue(RereadPlanner.holdsDateShape("Bo:n or: 16ln Jar 1967"))
        XCTAssertTrue(RereadPlanner.holdsDateShape("Bom 12th Marcb 1987 (38y)"))
        XCTAssertTrue(RereadPlanner.holdsDateShape("008 28-Ju-1942"))
        XCTAssertFalse(RereadPlanner.holdsDateShape("Ward 12 Level 3"))
        XCTAssertFalse(RereadPlanner.holdsDateShape("Tel 01632 960001"))
        // (`Bo:n or: 16ln Jar 1967` itself is now read: `DayAndMonthRepair.strokeLost`. A month past any repair here.)
        let items = [line("t1", "HARRIS, Callum"), line("t2", "Bo:n or: 16ln Jqr 1967")]
        let built = SuggestionBuilder(today: today, givenNames: .installedForTests).build(items: items, region: RegionResolution(code: .gb, basis: .fallback))
        XCTAssertEqual(RereadPlanner.plan(items: items, suggestions: built.suggestions), [.init(id: "t2", looks: [.otherReader])])
    }

    func testNothingIsReadAgainWhenTheValuesWereFound() {
        let items = [line("t1", "NHS Number: 999 000 0018"), line("t2", "DOB: 01/02/1980")]
        let built = SuggestionBuilder(today: today, givenNames: .installedForTests).build(items: items, region: RegionResolution(code: .gb, basis: .fallback))
        XCTAssertEqual(Set(built.suggestions.filter(\.valid).map(\.type)), [.nhsNumber, .dateOfBirth])
        XCTAssertEqual(RereadPlanner.lines(items: items, suggestions: built.suggestions), [])
    }

    /// A line cut short after a postcode's outward code (`… St Example GY2`), on a card where no postcode was read.
    func testALineEndingInHalfAPostcodeIsReadAgain() {
        let items = [line("t1", "Name Robin Testwood"), line("t2", "7 Example Lane, St Example GY2"), line("t3", "Tel 01632 960001")]
        let built = SuggestionBuilder(today: today, givenNames: .installedForTests).build(items: items, region: RegionResolution(code: .gb, basis: .fallback))
        XCTAssertEqual(RereadPlanner.lines(items: items, suggestions: built.suggestions), ["t2"])
        let whole = items + [line("t4", "7 Example Lane, St Example GY2 4ZZ")]
        let builtWhole = SuggestionBuilder(today: today, givenNames: .installedForTests).build(items: whole, region: RegionResolution(code: .gb, basis: .fallback))
        XCTAssertEqual(RereadPlanner.lines(items: whole, suggestions: builtWhole.suggestions), [], "a postcode read elsewhere")
        XCTAssertEqual(RereadPlanner.lines(items: [line("t1", "Collect from window b2")], suggestions: []), [], "no outward code in lower case")
    }

    /// A line of text `id` at height `y`, read at 0.9.
    func at(_ id: String, _ text: String, y: Int) -> RecognizedItem {
        RecognizedItem(id: id, kind: .text, text: text, bounds: Quad(x: 0, y: y, width: 300, height: 30), confidence: 0.9)
    }

    /// A card with no valid name has its name-shaped lines read again, the `SURNAME, Given` form first, then
    /// capitals (two names run together among them); not a place's name, not a label, not once a name was found.
    func testNameShapedLinesAreReadAgainWhenNoValidNameWasFound() {
        let items = [at("t1", "Guernsey", y: 0), at("t2", "Sampleton Road Clinic", y: 40), at("t3", "EXAMPLEMORGAN", y: 80),
                     at("t4", "Ward, Level", y: 120), at("t5", "Name", y: 160), at("t6", "DOB 12/03/1987", y: 200)]
        let built = SuggestionBuilder(today: today, givenNames: .installedForTests).build(items: items, region: RegionResolution(code: .gb, basis: .fallback))
        XCTAssertFalse(built.suggestions.contains { $0.type == .name && $0.valid })
        XCTAssertEqual(RereadPlanner.lines(items: items, suggestions: built.suggestions), ["t4", "t3", "t2"])
        let named = items + [at("t7", "Name: Brynn Example", y: 240)]
        let builtNamed = SuggestionBuilder(today: today, givenNames: .installedForTests).build(items: named, region: RegionResolution(code: .gb, basis: .fallback))
        XCTAssertTrue(builtNamed.suggestions.contains { $0.type == .name && $0.valid })
        XCTAssertEqual(RereadPlanner.lines(items: named, suggestions: builtNamed.suggestions), [], "a valid name was found")
    }

    /// Several readings of one printed line (OCR's passes) are read again once, leaving the other rereads for other
    /// lines: a Guernsey number cut short at the block's edge is read again beside a birth date read three ways.
    func testOneRereadPerPrintedLineAndSocialSecurityNumbersCutShort() {
        let items = [at("t1", "Guernsey", y: 0), at("t2", "Date of Birth 19-¢", y: 80), at("t3", "Contribution No GY 5i", y: 40),
                     at("t4", "Date of Birth 19-Oct", y: 82), at("t5", "Date of Birth 19-O", y: 79), at("t6", "7 Example Lane, St Sam", y: 120)]
        let built = SuggestionBuilder(today: today, givenNames: .installedForTests).build(items: items, region: RegionResolution(code: .gg, basis: .fallback))
        XCTAssertEqual(RereadPlanner.lines(items: items, suggestions: built.suggestions), ["t2", "t3"])
        let found = items + [at("t7", "Contribution No GY 123456", y: 41)]
        let builtFound = SuggestionBuilder(today: today, givenNames: .installedForTests).build(items: found, region: RegionResolution(code: .gg, basis: .fallback))
        XCTAssertEqual(RereadPlanner.lines(items: found, suggestions: builtFound.suggestions), ["t2"], "the number read elsewhere")
        // A reading of part of a row is read again from where it starts: another crop, not the same one.
        let row = [RecognizedItem(id: "t1", kind: .text, text: "DOB 01/02/1980 NHS 999 000", bounds: Quad(x: 0, y: 0, width: 300, height: 30), confidence: 0.8),
                   RecognizedItem(id: "t2", kind: .text, text: "NHS. 999 000 00", bounds: Quad(x: 160, y: 1, width: 140, height: 30), confidence: 0.8)]
        let builtRow = SuggestionBuilder(today: today, givenNames: .installedForTests).build(items: row, region: RegionResolution(code: .gb, basis: .fallback))
        XCTAssertEqual(RereadPlanner.lines(items: row, suggestions: builtRow.suggestions), ["t1", "t2"])
    }

    func testAtMostALimitedNumberOfLines() {
        let items = (1...6).map { line("t\($0)", "NHS No: \($0)") }
        let built = SuggestionBuilder(today: today, givenNames: .installedForTests).build(items: items, region: RegionResolution(code: .gb, basis: .fallback))
        XCTAssertEqual(RereadPlanner.lines(items: items, suggestions: built.suggestions).count, RereadPlanner.limit)
    }
}
