import Evaluation
import CardModel
@testable import Decoding
@testable import OCR
import Foundation
import Imaging
import ScanEngine
import XCTest

/// A wristband of ../shared/corpus/cards-dev on a black desk, turned 180° and photographed 9° more askew (the
/// photo is remade with ImageMagick here, not by the code under test). Its text block, found and levelled, is
/// clear to an eye, but tesseract reads nothing from it either way up, flattened or not: two-thirds of it is black
/// desk. With the desk whitened it reads every line, and the reading with the date of birth and the `D.0.B` label
/// is the upright one.
final class DarkDeskPhotoTests: XCTestCase {
    func testAWristbandOnABlackDeskReadsWhenTheDeskIsWhitened() throws {
        let fields = try TestPaths.cardsDevFields("img_0003")
        let folder = TestPaths.cardsDev
        let dob = try XCTUnwrap(fields["dob"] as? String)
        let nameWords = try XCTUnwrap(fields["name"] as? String).uppercased().split(separator: " ").map(String.init)

        let scratch = try TestPaths.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let tilted = "\(scratch)/tilted.jpg"
        try runTool("convert", ["\(folder)/img_0003.jpg", "-auto-orient", "-strip", "-background", "#808078",
                                "-rotate", "9", "-quality", "90", tilted])
        let result = try ScanEngine(options: ScanOptions(jobs: 1)).scan(file: tilted)
        let valid = result.suggestions.filter(\.valid)
        XCTAssertTrue(valid.contains { $0.type == .dateOfBirth && $0.value == dob }, "the date of birth is read")
        XCTAssertTrue(valid.contains { suggestion in
            suggestion.type == .name
                && nameWords.allSatisfy(Set(suggestion.value.uppercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)).contains)
        }, "the name is read")
    }

    /// Dates and labels read with a zero for an O count as upright print when an unsettled way up is chosen.
    func testDatesAndSlippedLabelsAreEvidenceOfUprightPrint() {
        for date in ["10-Jan-1997", "22/08/1988", "01.02.03", "15-Dec-1957,", "3-sept-2001"] {
            XCTAssertTrue(TextReader.isPrintedDate(date), date)
        }
        for junk in ["L66T-uer-gT", "1997-Jan-10", "12-345-6789", "10-Jam-1997", "86TOESr", "1/2", "10--1997"] {
            XCTAssertFalse(TextReader.isPrintedDate(junk), junk)
        }
        func line(_ words: [String]) -> [TesseractEngine.Line] {
            let box = (left: 0, top: 0, right: 1, bottom: 1)
            return [TesseractEngine.Line(text: words.joined(separator: " "), confidence: 0.9, box: box,
                                         words: words.map { (text: $0, confidence: 0.9, box: box) })]
        }
        // The wristband's second line, upright and as tesseract gave it upside down.
        let upright = line(["D.0.B:", "10-Jan-1997", "M"]), upsideDown = line(["L66T-uer-gT", ":g‘o'q", "NUN", "uetig"])
        XCTAssertGreaterThan(TextReader.wayUpEvidence(upright), TextReader.wayUpEvidence(upsideDown))
        XCTAssertEqual(TextReader.wayUpEvidence(line(["D.0.B:"])), 3)
        // Only there: `quality`, which also says whether a reading convinces, does not count them.
        XCTAssertEqual(TextReader.quality(upright), 0)
    }
}
