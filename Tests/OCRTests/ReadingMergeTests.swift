@testable import Decoding
@testable import OCR
import CardModel
import XCTest

/// Two readings of one photo, merged: the first's lines, then the second's that the first does not hold.
final class ReadingMergeTests: XCTestCase {
    func line(_ text: String, _ confidence: Double) -> TextReader.Line {
        TextReader.Line(text: text, confidence: confidence, bounds: Quad(x: 0, y: 0, width: 100, height: 20), words: [])
    }

    func testTheSurerReadingOfALinesCharactersStandsInTheFirstsPlace() {
        let merged = TextReader.merged([line("NHS", 0.97), line("999 81 7 2578", 0.91)],
                                       [line("999 817 2578", 0.97), line("Ronan Testwood", 0.9)])
        XCTAssertEqual(merged.map(\.text), ["NHS", "999 817 2578", "Ronan Testwood"])
    }

    func testALessSureReadingOrAPartOfALineAddsNothing() {
        let merged = TextReader.merged([line("999 817 2578", 0.97), line("Date of birth 12/05/1978", 0.9)],
                                       [line("999 81 7 2578", 0.91), line("Date of birth", 0.96), line("12-05-1978", 0.99)])
        XCTAssertEqual(merged.map(\.text), ["999 817 2578", "Date of birth 12/05/1978"])
    }
}
