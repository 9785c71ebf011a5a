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

final class RegionConfigAndGuidanceTests: XCTestCase {
    func testConfigFileComesAfterEnvironmentAndBeforeTimeZone() throws {
        let resolver = RegionResolver()
        let config = "# cardscan settings\nregion = GG  # Guernsey desk\n"
        XCTAssertEqual(try resolver.resolve(option: nil, environment: [:], config: config, timeZone: "Europe/Jersey"),
                       RegionResolution(code: .gg, basis: .config))
        XCTAssertEqual(try resolver.resolve(option: nil, environment: ["CARDSCAN_REGION": "JE"], config: config, timeZone: nil),
                       RegionResolution(code: .je, basis: .environment))
        XCTAssertEqual(try resolver.resolve(option: nil, environment: [:], config: "other = 1", timeZone: "Europe/Isle_of_Man"),
                       RegionResolution(code: .gb, basis: .timezone))
        XCTAssertThrowsError(try resolver.resolve(option: nil, environment: [:], config: "region = FR", timeZone: nil))
        XCTAssertEqual(ProcessSettings(environment: ["XDG_CONFIG_HOME": "/x"]).configPath, "/x/cardscan/config")
        XCTAssertEqual(ProcessSettings(environment: ["HOME": "/home/a"]).configPath, "/home/a/.config/cardscan/config")
    }

    func testGuidancePerRegion() {
        XCTAssertEqual(Guidance.prompt(for: .gb), "Scan your NHS Number barcode (10-digit format)")
        XCTAssertEqual(Guidance.prompt(for: .je, wristband: true), "Scan wristband barcode")
        XCTAssertTrue(Guidance.prompt(for: .je).contains("JHCI"))
        XCTAssertEqual(Guidance.prompt(for: .gg), "Scan or capture your Social Security card or health details")
    }
}
