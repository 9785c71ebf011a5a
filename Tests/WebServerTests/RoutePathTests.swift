import XCTest
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
        XCTAssertEqual(WebRoutes.compacted("999 000 0018"), "9990000018")
        XCTAssertEqual(WebRoutes.compacted("441-784-8467"), "4417848467")
        XCTAssertEqual(WebRoutes.compacted("JY 12 34 56 A"), "JY 12 34 56 A", "letters: kept as typed")
        XCTAssertEqual(WebRoutes.compacted("GYM-0042"), "GYM-0042")
        XCTAssertEqual(WebRoutes.compacted("- -"), "- -", "no digit: kept")
        XCTAssertEqual(WebRoutes.compacted("١٢٣"), "١٢٣", "not ASCII digits: kept")
    }
}
