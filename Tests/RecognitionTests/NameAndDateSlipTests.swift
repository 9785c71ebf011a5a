import CardModel
@testable import Recognition
import XCTest

/// Slips seen on cards-dev3's kind of photo (invented people only), each a class: a screen's window chrome over a
/// scanned card, a field label run into a surname by a hyphen, a case slip inside a name, an ordinal day split in two.
final class NameAndDateSlipTests: XCTestCase {
    let builder = SuggestionBuilder(today: SimpleDate(year: 2026, month: 12, day: 5)!, givenNames: .installedForTests)
    let gb = RegionResolution(code: .gb, basis: .timezone)

    func line(_ id: Int, _ text: String, confidence: Double = 0.93) -> RecognizedItem {
        RecognizedItem(id: "t\(id)", kind: .text, text: text, bounds: Quad(x: 100, y: 40 * id, width: 300, height: 30),
                       confidence: confidence)
    }
    func valid(_ kind: SuggestionKind, _ lines: [String]) -> [String] {
        builder.build(items: lines.enumerated().map { line($0.offset + 1, $0.element) }, region: gb).suggestions
            .filter { $0.type == kind && $0.valid }.map(\.value)
    }

    func testAWindowsMenuBarIsNoName() throws {
        try XCTSkipIf(GivenNames.installedForTests == nil, "the given-name list is not installed (Scripts/setup)")
        let names = valid(.name, ["IMG_scan.jpg - Preview", "FileEdt View Help", "Medical Exemption Certificate"])
        XCTAssertEqual(names, [], "the menu words and the window's title are no name")
    }

    func testAFieldLabelJoinedByAHyphenEndsNoName() throws {
        try XCTSkipIf(GivenNames.installedForTests == nil, "the given-name list is not installed (Scripts/setup)")
        let names = valid(.name, ["CAMPBELL NHS-No. 943 476 5919"])
        XCTAssertFalse(names.contains { $0.contains("NHS") }, "\(names)")
    }

    func testACaseSlipInsideANameIsMended() {
        XCTAssertEqual(NameFinder.splitRunTogether("MalcoLm"), ["Malcolm"])
        XCTAssertEqual(NameFinder.splitRunTogether("DrAlexLe"), ["Dr", "Alex", "Le"], "a particle still stands apart")
        XCTAssertEqual(NameFinder.capitalsMended("BROwN"), "BROWN")
        XCTAssertEqual(NameFinder.capitalsMended("McDONALD"), "McDONALD", "Mc keeps its small c")
        XCTAssertEqual(NameFinder.capitalsMended("Brown"), "Brown")
        XCTAssertEqual(valid(.name, ["TRELAWNEY, MalcoLm"]).map { $0.lowercased() }, ["malcolm trelawney"])
    }

    func testAnOrdinalDaySplitInTwoIsJoined() {
        XCTAssertEqual(valid(.dateOfBirth, ["Born 1 8th Feb 1980"]), ["1980-02-18"])
        XCTAssertEqual(valid(.dateOfBirth, ["DOB: 2 1st March 1975"]), ["1975-03-21"])
        // 13 takes `th`, not `rd`: `1 3rd` is a 1 and a 3rd.
        XCTAssertEqual(DateFinder.ordinalDayJoined("1 3rd may 1990"), "1 3rd may 1990")
        XCTAssertEqual(DateFinder.ordinalDayJoined("born 1 8th feb 1980"), "born 18th feb 1980")
    }

    /// A date with no birth label whose month's name is its only slip, between separators (`30-Jam.1996` on an
    /// identity card whose `DoB` label was lost): the month is put right, the date marked repaired. Without
    /// separators, or with a digit to mend too, an unlabelled date is not guessed at.
    func testAnUnlabelledMonthNameWithOneSlipBetweenSeparators() {
        let found = DateFinder.find(in: "30-Jam.1996")
        XCTAssertEqual(found.map(\.date), [SimpleDate(year: 1996, month: 1, day: 30)!])
        XCTAssertEqual(found.map(\.repaired), [true])
        XCTAssertEqual(valid(.dateOfBirth, ["JY173164C", "30-Jam.1996"]), ["1996-01-30"])
        XCTAssertTrue(DateFinder.find(in: "44 apt 2024").isEmpty, "no separators, and a day no month has")
        XCTAssertTrue(DateFinder.find(in: "30 Jam 1996").isEmpty, "spaces alone leave too much to guess")
        XCTAssertTrue(DateFinder.find(in: "3O-Jam-1996").isEmpty, "a digit to mend as well")
        XCTAssertTrue(DateFinder.find(in: "30-Jul-1996").allSatisfy { !$0.repaired })
        XCTAssertNil(DayAndMonthRepair.repaired("31-Jum-1996", unlabelled: true), "Jun and Jul are both a letter away")
    }

    /// Low-resolution print loses strokes: `Born on: 16th Jan 1967` on a band read `Bo:n or: 16ln Jar 1967` (the n's
    /// last stroke lost twice, the t's bar and the h's rise in the suffix). `Jar` is a letter from Jan and from Mar;
    /// only Jan's letter is one an r can be with a stroke lost. The suffix is put right where each letter is the
    /// day's own with a stroke lost; the date is marked repaired, and without its label offered only as that.
    func testAMonthAndAnOrdinalReadWithStrokesLost() {
        XCTAssertEqual(DayAndMonthRepair.oneSlipMonth("Jar").map { "\($0.0) \($0.1)" }, "1 Jan")
        XCTAssertEqual(DayAndMonthRepair.oneSlipMonth("Mav").map { "\($0.0) \($0.1)" }, "5 May")
        XCTAssertNil(DayAndMonthRepair.oneSlipMonth("Juo"), "Jun and Jul, neither by a stroke lost")
        XCTAssertNil(DayAndMonthRepair.oneSlipMonth("Jum"), "an m is an n with a stroke gained, not lost")

        XCTAssertEqual(valid(.dateOfBirth, ["Born on: 16th Jar 1967"]), ["1967-01-16"])
        XCTAssertEqual(valid(.dateOfBirth, ["Born on: 16ln Jan 1967"]), ["1967-01-16"])
        let unlabelled = DateFinder.find(in: "Bo:n or: 16ln Jar 1967")
        XCTAssertEqual(unlabelled.map(\.date), [SimpleDate(year: 1967, month: 1, day: 16)!])
        XCTAssertEqual(unlabelled.map(\.repaired), [true])
        XCTAssertEqual(unlabelled.map(\.role), [.unlabelled])

        XCTAssertTrue(DateFinder.find(in: "16ab Jar 1967").isEmpty, "no suffix's letters with strokes lost")
        XCTAssertNil(DayAndMonthRepair.repaired("Born on: 16ab Jan 1967"), "a and b are no t and h with a stroke lost")
        XCTAssertNil(DayAndMonthRepair.repaired("Born on: 16sl Jan 1967"), "16 takes th: an s is no t with a stroke lost")
        XCTAssertTrue(DateFinder.find(in: "16 Jar 1967").isEmpty, "unlabelled, spaces alone and no ordinal leave too much to guess")
        XCTAssertTrue(DateFinder.find(in: "l6ln Jar 1967").isEmpty, "unlabelled, a digit to mend as well")
        XCTAssertTrue(DateFinder.find(in: "16th Jan 1967").allSatisfy { !$0.repaired }, "read as printed: nothing repaired")
        // Without a label, words a letter from a month between an ordinal and a year are no date, and a suffix
        // mended alone makes none.
        for text in ["3rd day 2021", "2nd set 2019", "1st Sun 2020", "2nd pay 2024", "4in Jun 2021", "12in Dec 2020"] {
            XCTAssertTrue(DateFinder.find(in: text).isEmpty, text)
        }
        XCTAssertEqual(DateFinder.find(in: "2nd Mav 2024").map(\.date), [SimpleDate(year: 2024, month: 5, day: 2)!], "a y with its tail lost")
    }
}
