import XCTest
import CardModel
@testable import WebServer

final class RoutePathTests: XCTestCase {
    func testPatternsMatchWholeSegments() {
        XCTAssertTrue(RoutePath("/").matches(""))
        XCTAssertTrue(RoutePath("/api/cards/").matches("api/cards"))
        XCTAssertEqual(RoutePath("/api/cards/AB12/code.png").capture("api/cards/*/code.png"), ["AB12"])
        XCTAssertNil(RoutePath("/api/cards/AB12/code.png").capture("api/cards/*"))
        XCTAssertNil(RoutePath("/api/cardsx").capture("api/cards"))
        XCTAssertNil(RoutePath("/assets/../etc/passwd").capture("assets/*"))
    }

    func testTypedNumbersAreSavedAsDigits() {
        XCTAssertEqual(IDCard.compacted(number: "999 000 0018"), "9990000018")
        XCTAssertEqual(IDCard.compacted(number: "441-784-8467"), "4417848467")
        XCTAssertEqual(IDCard.compacted(number: "JY 12 34 56 A"), "JY 12 34 56 A", "letters: kept as typed")
        XCTAssertEqual(IDCard.compacted(number: "GYM-0042"), "GYM-0042")
        XCTAssertEqual(IDCard.compacted(number: "- -"), "- -", "no digit: kept")
        XCTAssertEqual(IDCard.compacted(number: "١٢٣"), "١٢٣", "not ASCII digits: kept")
    }
}
