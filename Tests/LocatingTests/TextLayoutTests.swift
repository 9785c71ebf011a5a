import Imaging
@testable import Locating
import XCTest

/// Which way the lines run, from letter-sized marks alone (no pixels): rows of marks along known directions.
final class TextLayoutTests: XCTestCase {
    /// Rows of 8 px marks 12 px apart along `degrees` (clockwise as seen, y down), `rows` of them 40 px apart,
    /// starting at (x, y).
    static func rows(_ rows: Int, of count: Int, at x: Double, _ y: Double, degrees: Double) -> [TextMark] {
        let t = degrees * .pi / 180
        return (0..<rows).flatMap { row in
            (0..<count).map { k in
                let along = Double(k) * 12, across = Double(row) * 40
                return TextMark(x: Int(x + along * cos(t) - across * sin(t)), y: Int(y + along * sin(t) + across * cos(t)),
                                width: 8, height: 8)
            }
        }
    }

    func testLinesAlongOneDirectionAreFound() throws {
        let layout = try XCTUnwrap(TextLayout(marks: Self.rows(5, of: 30, at: 100, 100, degrees: 12)))
        XCTAssertEqual(layout.angleDegrees, 12, accuracy: 2)
    }

    /// A card turned ~78° lying on a desk whose grain outnumbers its print four to one (a phone photo of a
    /// card on wood, where the grain's marks are many): the card's direction must be a hypothesis to read,
    /// not the grain's quarter turn 12° away from it, which reads a card tilted by 12° as next to nothing.
    func testAWeakerDirectionOfLinesIsOfferedBeforeTheGrainsQuarterTurn() throws {
        let grain = Self.rows(8, of: 40, at: 20, 20, degrees: 0)          // 320 marks, rows along 0°
        let card = Self.rows(4, of: 20, at: 900, 400, degrees: 78)       // 80 marks, lines along 78°
        let layout = try XCTUnwrap(TextLayout(marks: grain + card))
        XCTAssertEqual(layout.angleDegrees, 0, accuracy: 2, "the grain has the most support")
        XCTAssertTrue(layout.alternativeAngles.contains { abs($0 - 78) < 3 }, "alternatives: \(layout.alternativeAngles)")
        XCTAssertEqual(layout.alternatives.first { abs($0.degrees - 78) < 3 }?.weak, true,
                       "under 30% of the grain's support: a reading along it must convince")
    }

    /// With nothing else along another direction, the quarter turn of the lines stays the hypothesis (blurred
    /// words whose nearest neighbours are the lines above and below).
    func testTheQuarterTurnIsTheHypothesisWhenNothingElseRuns() throws {
        let layout = try XCTUnwrap(TextLayout(marks: Self.rows(6, of: 30, at: 100, 100, degrees: 5)))
        XCTAssertTrue(layout.alternativeAngles.contains { abs($0 - -85) < 3 }, "alternatives: \(layout.alternativeAngles)")
        XCTAssertEqual(layout.alternatives.first { abs($0.degrees - -85) < 3 }?.weak, false)
    }
}
