import CardModel
@testable import Recognition
import XCTest

/// `Postcode.chosen`: a two-word line whose characters may be any alternative the recogniser weighed (at 0.2 or
/// more) gives the one postcode they can make, or none. The alternatives below are as tesseract gave them on cards-dev2
/// crops (`lstm_choice_mode` 2), the character read first.
final class PostcodeChoicesTests: XCTestCase {
    func word(_ characters: [(String, Double)]...) -> [[CharacterChoice]] {
        characters.map { $0.map { CharacterChoice(text: $0.0, confidence: $0.1) } }
    }

    // `Sit 98S` for `S11 9SS`.
    var sit98S: [[[CharacterChoice]]] {
        [word([("S", 0.99), ("$", 0)], [("i", 0.98), ("1", 0.26), ("l", 0.22), ("A", 0.15)],
              [("t", 0.94), ("d", 0.5), ("1", 0.48), ("7", 0.43), ("2", 0.41)]),
         word([("9", 0.99), ("3", 0)], [("8", 0.92), ("S", 0.86), ("5", 0.49), ("3", 0.47)], [("S", 0.97), ("5", 0.67), ("8", 0.13)])]
    }

    /// `Sit 98S` for `S11 9SS`: `1`, `7` and `2` were all weighed for the `t` (and `l` for the `i`), and S11, S17,
    /// S12 and SL1 all exist: no one reading, so none (as the digit table refuses a look-alike with two readings).
    func testTwoAlternativesOfOneCharacterThatBothMakeAPostcodeGiveNone() {
        XCTAssertNil(Postcode.chosen(from: sit98S))
        XCTAssertEqual(Postcode.chosen(from: s11)?.value, "S11 9SS", "with `1` the only digit weighed for the `t`")
    }

    /// A line that is not a postcode as read (fewer than two digits, no island or whole outward code) is not made
    /// one: `Sat 1st`, its `t` weighed as a `1`, would be SA1 1ST.
    func testALineTheTableWouldNotRepairIsNotChosenEither() {
        let line = [word([("S", 0.99)], [("a", 0.95)], [("t", 0.9), ("1", 0.48)]), word([("1", 0.99)], [("s", 0.95)], [("t", 0.9)])]
        XCTAssertNil(Postcode.chosen(from: line))
    }

    /// `Sit 98S` with `1` the only digit weighed for the `t`, and `1` the only alternative for the `i` (in the real
    /// reading `l` at 0.22 made SL1 9SS possible too): one reading.
    var s11: [[[CharacterChoice]]] {
        var line = sit98S
        line[0][1] = [CharacterChoice(text: "i", confidence: 0.98), CharacterChoice(text: "1", confidence: 0.26)]
        line[0][2] = [CharacterChoice(text: "t", confidence: 0.94), CharacterChoice(text: "1", confidence: 0.48)]
        return line
    }

    func testTheSecondChoiceOfAJerseyDistrictDigit() {
        let line = [word([("J", 1)], [("E", 1)], [("S", 0.97), ("3", 0.77)]), word([("3", 0.99)], [("E", 0.99)], [("J", 0.98), ("I", 0.44)])]
        XCTAssertEqual(Postcode.chosen(from: line)?.value, "JE3 3EJ")
    }

    /// `WA2 BEW` for `W12 8EW`: no digit was weighed for the `B`, so no postcode (the digit table alone would say 8).
    func testNoPostcodeWhereAPositionHasNoAlternativeOfItsKind() {
        let line = [word([("W", 0.99)], [("A", 0.91), ("1", 0.62)], [("2", 0.99)]),
                    word([("B", 0.99), ("G", 0.12), ("R", 0), ("S", 0)], [("E", 0.99)], [("W", 0.99)])]
        XCTAssertNil(Postcode.chosen(from: line))
    }

    /// Two shapes give two valid postcodes: no choice.
    func testTwoPostcodesFromTwoShapesAreNone() {
        // `S1A 1AB`? A9A is central London's alone; `SA1` and `S11` both exist: read `Sa1 2AB`, `a` weighed as `1`.
        let line = [word([("S", 0.99)], [("a", 0.9), ("1", 0.5)], [("1", 0.99)]), word([("2", 0.99)], [("A", 0.99)], [("B", 0.99)])]
        XCTAssertNil(Postcode.chosen(from: line))
    }

    func testAlternativesUnderTheFloorAreNotTaken() {
        var line = s11
        line[0][1] = [CharacterChoice(text: "i", confidence: 0.98), CharacterChoice(text: "1", confidence: 0.1)]
        XCTAssertNil(Postcode.chosen(from: line))
    }

    func testAPostcodeAsReadOrALineOfOtherShapeIsNotChosen() {
        let asRead = [word([("S", 0.99)], [("1", 0.9)], [("1", 0.99)]), word([("9", 0.99)], [("S", 0.99)], [("S", 0.99)])]
        XCTAssertNil(Postcode.chosen(from: asRead), "nothing changed: the plain reading is the classifier's")
        XCTAssertNil(Postcode.chosen(from: [s11[0]]))
        XCTAssertNil(Postcode.chosen(from: s11 + [s11[1]]))
        let inwardOfLetters = [s11[0], word([("g", 0.99), ("9", 0.8)], [("S", 0.99)], [("S", 0.99)])]
        XCTAssertNil(Postcode.chosen(from: inwardOfLetters), "an inward code read starting with a digit")
    }
}
