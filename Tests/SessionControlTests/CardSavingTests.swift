import CardModel
import CardStore
import Foundation
import SessionControl
import XCTest

/// The one save path (`CardSaving`) against a real SQLite store.
final class CardSavingTests: XCTestCase {
    private func scratchStore() throws -> SharedCardStore {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-saving-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return SharedCardStore(try CardStore(path: "\(dir)/cards.db"))
    }

    private func nhsSuggestion(_ digits: String) -> Suggestion {
        let candidate = CardCandidate(name: "NHS Number", number: digits, category: DefaultCategory.healthcare, region: .gb, codeType: .code128)
        return Suggestion(id: "s1", type: .nhsNumber, value: digits, display: digits, valid: true,
                          checks: ["mod11", "range:test"], confidence: 0.95, from: ["t1"], bounds: nil, card: candidate)
    }

    func testATestRangeNumberIsSavedOnlyWhenAskedAndNeverTwice() throws {
        let saver = CardSaving(store: try scratchStore())
        let suggestion = nhsSuggestion("9990000018")
        XCTAssertThrowsError(try saver.save(suggestion, noValidate: false)) { error in
            guard case .card(let id, _) = error as? SaveFailure else { return XCTFail("\(error)") }
            XCTAssertEqual(id, "s1")
        }
        let first = try saver.save(suggestion, noValidate: true)
        XCTAssertTrue(first.created)
        XCTAssertEqual(first.card.number, "9990000018")
        let again = try saver.save(suggestion, noValidate: true)
        XCTAssertFalse(again.created, "a card already in the store is not added again")
        XCTAssertEqual(again.card.id, first.card.id)
    }

    func testAFieldIsNoCard() throws {
        let saver = CardSaving(store: try scratchStore())
        let name = Suggestion(id: "s2", type: .name, value: "Alex Example", display: "Alex Example", valid: true,
                              checks: ["labelled"], confidence: 0.9, from: ["t2"], bounds: nil)
        XCTAssertThrowsError(try saver.save(name, noValidate: true)) { error in
            XCTAssertEqual(error as? SaveFailure, .notACard(id: "s2", type: .name))
        }
    }
}
