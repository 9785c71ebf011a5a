import CardModel
import Recognition
import XCTest

final class RegionResolverTests: XCTestCase {
    let resolver = RegionResolver()

    func testExplicitOptionWins() throws {
        let r = try resolver.resolve(option: "je", environment: ["CARDSCAN_REGION": "GG"], timeZone: "Europe/London")
        XCTAssertEqual(r, RegionResolution(code: .je, basis: .option))
    }

    func testEnvironmentThenTimeZoneThenFallback() throws {
        XCTAssertEqual(try resolver.resolve(option: nil, environment: ["CARDSCAN_REGION": "GG"], timeZone: "Europe/Jersey"),
                       RegionResolution(code: .gg, basis: .environment))
        XCTAssertEqual(try resolver.resolve(option: nil, environment: [:], timeZone: "Europe/Jersey"),
                       RegionResolution(code: .je, basis: .timezone))
        XCTAssertEqual(try resolver.resolve(option: nil, environment: [:], timeZone: "Europe/Guernsey"),
                       RegionResolution(code: .gg, basis: .timezone))
        XCTAssertEqual(try resolver.resolve(option: nil, environment: [:], timeZone: "Europe/London"),
                       RegionResolution(code: .gb, basis: .timezone))
        XCTAssertEqual(try resolver.resolve(option: nil, environment: [:], timeZone: "America/New_York"),
                       RegionResolution(code: .gb, basis: .fallback))
    }

    func testUnknownRegionIsAnErrorThatSaysWhereItCameFrom() {
        XCTAssertThrowsError(try resolver.resolve(option: "FR", environment: [:], timeZone: nil)) {
            XCTAssertEqual("\($0)", "unknown region 'FR' from --region; use one of GB, JE, GG")
        }
        XCTAssertThrowsError(try resolver.resolve(option: nil, environment: ["CARDSCAN_REGION": "XX"], timeZone: nil)) {
            XCTAssertTrue("\($0)".contains("CARDSCAN_REGION"))
        }
    }
}
