import CardModel
@testable import Recognition
import XCTest

/// Issue 13 item 2: an NHS number in the test range (999 xxx xxxx) reads as valid, so synthetic cards and the samples
/// work, but no patient holds one: every save refuses it unless a person passes --no-validate.
final class TestRangeSavingTests: XCTestCase {
    let builder = SuggestionBuilder(today: SimpleDate(year: 2026, month: 11, day: 22)!, givenNames: .installedForTests)
    let gb = RegionResolution(code: .gb, basis: .timezone)

    func nhsSuggestion(_ printed: String) -> Suggestion? {
        let line = RecognizedItem(id: "t1", kind: .text, text: "NHS Number: \(printed)", bounds: Quad(x: 0, y: 0, width: 300, height: 30),
                                  confidence: 0.9)
        return builder.build(items: [line], region: gb).suggestions.first { $0.type == .nhsNumber }
    }

    func testATypedInTestNumberIsRefusedWithItsRangeAndWhatToDo() throws {
        let refusal = try XCTUnwrap(CardValidation.refusal(name: "NHS Number", number: "9990000018", category: "Healthcare", region: .gb))
        XCTAssertEqual(refusal.reason, .testNumber)
        XCTAssertEqual(refusal.code, "testNumber")
        XCTAssertTrue(refusal.description.contains("NHS test range (999 xxx xxxx)"), refusal.description)
        XCTAssertTrue(refusal.description.hasSuffix("pass --no-validate to keep a test number"), refusal.description)
        XCTAssertFalse(refusal.description.contains("9990000018") || refusal.description.contains("000 0018"), "never the number")
        // Printed with spaces, or as a CHI / H&C-named card, it is the same number.
        XCTAssertEqual(CardValidation.refusal(name: "NHS Number", number: "999 000 0018", category: "Healthcare", region: nil), .testNumber)
        XCTAssertEqual(CardValidation.refusal(name: "H&C Number", number: "999-000-0018", category: "Healthcare", region: .gb), .testNumber)
    }

    func testIssuedNumbersStillPassAndBadOnesStayInvalid() {
        XCTAssertNil(CardValidation.refusal(name: "NHS Number", number: "400 000 0632", category: "Healthcare", region: .gb))
        XCTAssertNil(CardValidation.refusal(name: "NHS Number", number: "4000000632", category: "Healthcare", region: .gb))
        XCTAssertNil(CardValidation.refusal(name: "CHI Number", number: "0101011113", category: "Healthcare", region: .gb))
        // A wrong check digit in the test range is wrong first: the refusal says so, not "test number".
        XCTAssertEqual(CardValidation.refusal(name: "NHS Number", number: "9990000017", category: "Healthcare", region: .gb)?.reason, .invalid)
        // Not an NHS card: a gym's code that happens to be 999… is not checked as one.
        XCTAssertNil(CardValidation.refusal(name: "Island Gym", number: "9990000018", category: "Memberships", region: .gb))
    }

    /// The suggestion keeps the JSON contract (`valid: true`, `range:test` in checks, the same confidence as an
    /// issued number read the same way); saving it is what is refused.
    func testASuggestedTestNumberIsValidButRefusedForSaving() throws {
        let test = try XCTUnwrap(nhsSuggestion("999 000 0018"))
        XCTAssertTrue(test.valid)
        XCTAssertTrue(test.checks.contains("range:test"), "\(test.checks)")
        XCTAssertEqual(CardValidation.refusal(saving: test), .testNumber)

        let issued = try XCTUnwrap(nhsSuggestion("400 000 0632"))
        XCTAssertTrue(issued.valid)
        XCTAssertEqual(issued.confidence, test.confidence, "the class is in the range, not in how sure the reading is")
        XCTAssertNil(CardValidation.refusal(saving: issued))
    }

    func testOnlyNHSSuggestionsAreRefused() throws {
        // A bare 10-digit barcode is a membership code (item 1), not an NHS number: saved as any membership card.
        let code = RecognizedItem(id: "b1", kind: .barcode, format: .code128, text: "9990000018", bounds: Quad(x: 0, y: 0, width: 10, height: 10),
                                  confidence: 1)
        let membership = try XCTUnwrap(builder.build(items: [code], region: gb).suggestions.first)
        XCTAssertEqual(membership.type, .membership)
        XCTAssertNil(CardValidation.refusal(saving: membership))
        // The card's number is checked as well as the value: neither lets a test number through.
        var tampered = try XCTUnwrap(nhsSuggestion("400 000 0632"))
        tampered.card?.number = "9990000018"
        XCTAssertEqual(CardValidation.refusal(saving: tampered), .testNumber)
    }
}
