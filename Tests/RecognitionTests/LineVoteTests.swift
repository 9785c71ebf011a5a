import CardModel
@testable import Recognition
import XCTest

/// Several readings of one printed line, each with its own slip: the value they agree on position by position.
final class LineVoteTests: XCTestCase {
    let jersey = SocialSecurityClassifier.jerseySlots

    func testThreeReadingsWithDifferentSlipsAgreeOnTheNumber() {
        XCTAssertEqual(LineVote.agreed(["JV 39 OL 14 A", "Wy 39 @4 14 A", "JY 29 C4 14 A"], slots: jersey), "JY390414A")
    }

    func testNoValueWithoutAMajorityAtEveryPosition() {
        // The third digit: 0, 8 and an unreadable C: no strict majority.
        XCTAssertNil(LineVote.agreed(["JY 39 04 14 A", "JY 39 84 14 A", "JY 39 C4 14 A"], slots: jersey))
        // Two readings against two.
        XCTAssertNil(LineVote.agreed(["JY 39 04 14 A", "JY 39 04 14 A", "JY 38 04 14 A", "JY 38 04 14 A"], slots: jersey))
    }

    func testTwoReadingsAreNotEnough() {
        XCTAssertNil(LineVote.agreed(["JY 39 04 14 A", "JY 39 O4 14 A"], slots: jersey))
    }

    func testReadingsOfAnotherLengthDoNotVote() {
        // A dropped digit cannot be aligned; with it left out, two readings remain.
        XCTAssertNil(LineVote.agreed(["JY 39 04 14 A", "JY 39 0 14 A", "JY 39 O4 14 A"], slots: jersey))
    }

    func testTheSuffixMayBeReadAsItsDigitLookAlike() {
        XCTAssertEqual(LineVote.agreed(["JY 12 34 56 8", "JY 12 34 56 B", "JY 12 3A 56 B"], slots: jersey), "JY123456B")
    }

    func testCharactersThatUpperCaseToTwoAreNoLetter() {
        // `ß` upper-cases to `SS`: it cannot stand for the suffix, and must not stop the vote.
        XCTAssertNil(LineVote.agreed(["JY 12 34 56 ß", "JY 12 34 56 ß", "JY 12 34 56 ß"], slots: jersey))
        XCTAssertEqual(LineVote.agreed(["J¥ 12 34 56 ß", "JY 12 34 56 A", "JY 12 34 56 A"], slots: jersey), "JY123456A")
    }

    /// Through the suggestion builder: three overlapping readings of the number's line give one valid Jersey
    /// number, marked as agreed; the same readings on lines far apart give none.
    func testTheBuilderOffersTheAgreedNumberOnlyForOnePrintedLine() {
        let builder = SuggestionBuilder(today: SimpleDate(year: 2026, month: 11, day: 22)!, givenNames: .installedForTests)
        let region = RegionResolution(code: .je, basis: .option)
        func reading(_ id: String, _ text: String, y: Int) -> RecognizedItem {
            RecognizedItem(id: id, kind: .text, text: text, bounds: Quad(x: 40, y: y, width: 300, height: 30), confidence: 0.7)
        }
        let texts = ["JV 39 OL 14 A", "Wy 39 @4 14 A", "JY 29 C4 14 A"]
        let overlapping = texts.enumerated().map { reading("t\($0 + 1)", $1, y: 100 + 3 * $0) }
        let agreed = builder.build(items: overlapping, region: region).suggestions.filter { $0.type == .jerseySocialSecurity }
        XCTAssertEqual(agreed.map(\.value), ["JY390414A"])
        XCTAssertEqual(agreed.first?.valid, true)
        XCTAssertTrue(agreed.first?.checks.contains("ocr-agreed") ?? false)

        let apart = texts.enumerated().map { reading("t\($0 + 1)", $1, y: 100 + 200 * $0) }
        XCTAssertEqual(builder.build(items: apart, region: region).suggestions.filter { $0.type == .jerseySocialSecurity }.count, 0)
    }

    /// An NHS number whose three readings each have one wrong digit (so each fails Modulus 11, and no repair of
    /// look-alikes could mend it): agreed digit by digit, valid with its label; without the label it is not offered.
    func testNHSNumberAgreedByThreeReadingsNeedsItsLabel() {
        let builder = SuggestionBuilder(today: SimpleDate(year: 2026, month: 11, day: 22)!, givenNames: .installedForTests)
        let region = RegionResolution(code: .gb, basis: .option)
        func reading(_ id: String, _ text: String, y: Int) -> RecognizedItem {
            RecognizedItem(id: id, kind: .text, text: text, bounds: Quad(x: 40, y: y, width: 300, height: 30), confidence: 0.8)
        }
        func nhs(_ texts: [String], apart: Bool = false) -> [Suggestion] {
            let items = texts.enumerated().map { reading("t\($0 + 1)", $1, y: 100 + (apart ? 200 : 3) * $0) }
            return builder.build(items: items, region: region).suggestions.filter { $0.type == .nhsNumber && $0.valid }
        }
        let labelled = ["NHS No: 999 000 0019", "NHS No: 999 300 0018", "NHS No: 998 000 0018"]
        let agreed = nhs(labelled)
        XCTAssertEqual(agreed.map(\.value), ["9990000018"])
        XCTAssertTrue(agreed.first?.checks.contains("ocr-agreed") ?? false)
        XCTAssertTrue(agreed.first?.checks.contains("ocr-repaired") ?? false, "marked as not read as printed")
        XCTAssertEqual(nhs(["999 000 0019", "999 300 0018", "998 000 0018"]).count, 0, "no label, no agreed number")
        XCTAssertEqual(nhs(labelled, apart: true).count, 0, "three lines, not one line read three times")
        XCTAssertEqual(nhs(["Tel: 999 000 0019", "NHS No: 999 300 0018", "NHS No: 998 000 0018"]).count, 0,
                       "a reading after another label rules the line out")
    }

    func testNumberShapedRunsDropTheLabelsLastLetter() {
        XCTAssertEqual(NHSClassifier.numberShapedRun(in: "NHS 48@ 322 9716")?.run, "48@3229716")
        XCTAssertEqual(NHSClassifier.numberShapedRun(in: "NHS No: 740 601 A676")?.run, "740601A676")
        XCTAssertNil(NHSClassifier.numberShapedRun(in: "NHS No: 449 4142 9089"), "eleven digits are no NHS number")
        XCTAssertNil(NHSClassifier.numberShapedRun(in: "Name: Sam Sample"))
    }
}
