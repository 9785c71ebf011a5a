import CardModel
@testable import Recognition
import XCTest

/// A valid NHS number is sure only when readings agree: one unsure line, or lines that read another number a few
/// digits away, leave it `unconfirmed` (offered at 0.6 at most, never saved by `import --accept auto`).
final class NumberAgreementTests: XCTestCase {
    let builder = SuggestionBuilder(today: SimpleDate(year: 2026, month: 12, day: 5)!, givenNames: nil)
    let gb = RegionResolution(code: .gb, basis: .timezone)

    func line(_ id: String, _ text: String, confidence: Double) -> RecognizedItem {
        RecognizedItem(id: id, kind: .text, text: text, bounds: Quad(x: 0, y: Int(id.dropFirst())! * 40, width: 300, height: 30),
                       confidence: confidence)
    }

    func nhs(_ items: [RecognizedItem]) throws -> Suggestion {
        try XCTUnwrap(builder.build(items: items, region: gb).suggestions.first { $0.type == .nhsNumber && $0.value == "9990000018" })
    }

    func testOneUnsureReadingIsUnconfirmed() throws {
        let unsure = try nhs([line("t1", "NHS No: 999 000 0018", confidence: 0.66)])
        XCTAssertTrue(unsure.valid, "Mod 11 holds: it is still offered")
        XCTAssertTrue(unsure.checks.contains("unconfirmed"), "\(unsure.checks)")
        XCTAssertLessThanOrEqual(unsure.confidence, 0.6)

        let sure = try nhs([line("t1", "NHS No: 999 000 0018", confidence: 0.95)])
        XCTAssertFalse(sure.checks.contains("unconfirmed"), "one sure line: \(sure.checks)")
        XCTAssertGreaterThan(sure.confidence, 0.9)
    }

    func testTwoReadingsThatAgreeConfirmIt() throws {
        let agreed = try nhs([line("t1", "NHS No: 999 000 0018", confidence: 0.66), line("t2", "NHS 999 000 0018", confidence: 0.7)])
        XCTAssertFalse(agreed.checks.contains("unconfirmed"), "\(agreed.checks)")
        let withItsCode = try nhs([line("t1", "NHS No: 999 000 0018", confidence: 0.66),
                                   RecognizedItem(id: "b1", kind: .barcode, format: .code128, text: "9990000018",
                                                  bounds: Quad(x: 0, y: 200, width: 300, height: 60), confidence: 1)])
        XCTAssertFalse(withItsCode.checks.contains("unconfirmed"), "the barcode confirms it: \(withItsCode.checks)")
    }

    func testAReadingThatDisagreesLeavesItUnconfirmed() throws {
        // Another line of the photo read the number two digits otherwise (0 → 8 twice).
        let disputed = try nhs([line("t1", "NHS No: 999 000 0018", confidence: 0.95), line("t2", "999 880 0018", confidence: 0.9)])
        XCTAssertTrue(disputed.checks.contains("unconfirmed"), "\(disputed.checks)")
        XCTAssertLessThanOrEqual(disputed.confidence, 0.6)
        // Two readings against one: the two stand.
        let outvoted = try nhs([line("t1", "NHS No: 999 000 0018", confidence: 0.95), line("t2", "NHS 999 000 0018", confidence: 0.9),
                                line("t3", "999 880 0018", confidence: 0.9)])
        XCTAssertFalse(outvoted.checks.contains("unconfirmed"), "\(outvoted.checks)")
        // A number further away is another number (a letter may name two people): no dispute.
        let another = try nhs([line("t1", "NHS No: 999 000 0018", confidence: 0.95), line("t2", "943 476 5919", confidence: 0.9)])
        XCTAssertFalse(another.checks.contains("unconfirmed"), "\(another.checks)")
    }
}
