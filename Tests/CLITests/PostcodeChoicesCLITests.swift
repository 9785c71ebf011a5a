import Foundation
import XCTest

/// A postcode line read with a slip, where tesseract's own alternatives for each character hold the code
/// (`Postcode.chosen`): a Jersey card's `JE3 3EJ` read `JES 3EJ`, which the digit table had made a wrong and valid
/// `JE5 3EJ` (cards-dev2 0033).
final class PostcodeChoicesCLITests: XCTestCase {
    func testTheRecognisersSecondChoiceStandsBeforeTheDigitTable() throws {
        let suggestions = try ContestedWayUpTests.scan("img_0033.jpg")
        let fields = try ContestedWayUpTests.truth("img_0033.jpg")
        XCTAssertEqual(ContestedWayUpTests.values(suggestions, "postcode"), [fields["postcode"] as! String],
                       "JE5 3EJ (S read as 5 by the table) is a valid postcode, and the wrong one")
    }
}
