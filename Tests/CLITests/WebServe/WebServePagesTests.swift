import Foundation
import XCTest

/// The rest of the pages in a real headless Chromium: a photo uploaded instead of the camera, a card typed in
/// (refused with the reason, then saved), and the Cards page worked by keyboard alone in a phone-sized window.
final class WebServePagesTests: XCTestCase {
    func scratch(_ name: String = #function) throws -> String {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-web-pages-\(getpid())-\(name.filter(\.isLetter))")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func testUploadAPhotoAndTypeACardIn() throws {
        try WebDriver.requireBrowser()
        let dir = try scratch()
        let server = try ServeProcess(arguments: ["--store", "\(dir)/cards.db"], environment: WebServeBrowserTests.neutralRegion)
        defer { server.stop() }
        let browser = try WebDriver()
        try browser.open(server.url)

        // A photo instead of the camera: its suggestions and its picture.
        try browser.type(try browser.waitFor("#photo"), "\(ScanCommandTests.samples)/gb-nhs-card-01.jpg")
        _ = try browser.waitFor(#"button[data-type="nhsNumber"]"#, seconds: 60) { try browser.text($0).contains("999 120 5675") }
        _ = try browser.waitFor("#preview:not([hidden])")
        _ = try browser.waitFor(#"#camera[data-state="stopped"]"#) { try browser.text($0).contains("Photo read") }
        // Not a picture: said so, with the reason, and the page carries on.
        try browser.type(try browser.waitFor("#photo"), "\(ScanCommandTests.packageRoot)/README.md")
        let unreadable = try browser.waitFor("#notice.error") { try browser.text($0).contains("could not be read") }
        let said = try browser.text(unreadable)
        XCTAssertFalse(said.contains("/tmp"), "the upload's private path is shown: \(said)")

        // Typed in by hand: a wrong NHS number is refused with the reason, the right one saved.
        try browser.click(try browser.waitFor("#manual"))
        let form = try browser.waitFor("form.card-form")
        XCTAssertEqual(try browser.attribute(form, "aria-label"), "Enter a card")
        XCTAssertEqual(try browser.unnamedControls(), [], "every control on the Scan page has a name for screen readers")
        try browser.type(try browser.waitFor(#"form.card-form input[name="name"]"#), "NHS Number")
        let number = try browser.waitFor(#"form.card-form input[name="number"]"#)
        try browser.type(number, "999 000 0019\u{E007}")  // Enter submits
        let refusal = try browser.waitFor("form.card-form .message.error")
        let reason = try browser.text(refusal)
        XCTAssertTrue(reason.contains("Modulus 11"), reason)
        XCTAssertEqual(try browser.attribute(refusal, "role"), "alert")
        // A test-range number is well formed but never issued: refused with what to do, saved once the person says so.
        try browser.type(number, WebDriver.selectAll + "999 000 0018\u{E007}")
        _ = try browser.waitFor("form.card-form .message.error") { try browser.text($0).contains("test range") }
        try browser.type(try browser.waitFor(#"form.card-form input[name="skipValidation"]"#), " ")  // Space ticks it
        try browser.type(number, "\u{E007}")
        _ = try browser.waitFor("#notice.ok") { try browser.text($0).contains("Saved") }
        let saved = try server.call("GET", "/api/cards").json?["cards"] as? [[String: Any]] ?? []
        XCTAssertEqual(saved.map { $0["maskedNumber"] as? String }, ["999 *** 0018"])
    }

    /// The prompt is the region's (here Jersey's, from --region), and the wristband one in wristband mode.
    func testGuidanceFollowsTheRegionAndWristbandMode() throws {
        try WebDriver.requireBrowser()
        let dir = try scratch()
        let server = try ServeProcess(arguments: ["--store", "\(dir)/cards.db", "--region", "JE"], environment: WebServeBrowserTests.neutralRegion)
        defer { server.stop() }
        let browser = try WebDriver()
        try browser.open(server.url)
        _ = try browser.waitFor("#guidance") { try browser.text($0).contains("health card") }
        try browser.type(try browser.waitFor("#wristband"), " ")  // Space ticks a checkbox
        _ = try browser.waitFor("#guidance") { try browser.text($0) == "Scan wristband barcode" }
        let gg = try ServeProcess(arguments: ["--store", "\(dir)/cards.db", "--region", "GG"], environment: WebServeBrowserTests.neutralRegion)
        defer { gg.stop() }
        XCTAssertEqual(try gg.call("GET", "/api/status").json?["guidance"] as? String, "Scan or capture your Social Security card or health details")
    }

    /// A camera that is not there: the page names it and the reason, and nothing else breaks.
    func testAMissingCameraIsNamed() throws {
        try WebDriver.requireBrowser()
        let dir = try scratch()
        let server = try ServeProcess(arguments: ["--store", "\(dir)/cards.db", "--device", "/dev/video-not-here"],
                                      environment: WebServeBrowserTests.neutralRegion)
        defer { server.stop() }
        let browser = try WebDriver()
        try browser.open(server.url)
        try browser.click(try browser.waitFor("#start"))
        let failed = try browser.waitFor(#"#camera[data-state="failed"]"#)
        let said = try browser.text(failed)
        XCTAssertTrue(said.contains("/dev/video-not-here"), said)
        XCTAssertEqual(try server.call("GET", "/api/status").json?["running"] as? Bool, false)
        // The server gone: the page says it has no connection.
        XCTAssertEqual(server.stop(), 0)
        _ = try browser.waitFor(#"#camera[data-state="disconnected"]"#, seconds: 15)
    }

    func testCardsPageByKeyboardOnAPhone() throws {
        try WebDriver.requireBrowser()
        let dir = try scratch()
        let server = try ServeProcess(arguments: ["--store", "\(dir)/cards.db"], environment: WebServeBrowserTests.neutralRegion)
        defer { server.stop() }
        XCTAssertEqual(try server.call("POST", "/api/cards", json: #"{"name":"NHS Number","number":"9990000018","category":"Healthcare","region":"GB","skipValidation":true}"#).status, 201)
        XCTAssertEqual(try server.call("POST", "/api/cards", json: #"{"name":"Gym","number":"GYM-0042","category":"Memberships"}"#).status, 201)
        let browser = try WebDriver(width: 390, height: 844)
        try browser.open(server.url)
        for page in ["/scan", "/cards"] {
            try browser.open(server.base + page)
            _ = try browser.waitFor("main")
            let overflow = try browser.execute("return document.documentElement.scrollWidth - document.documentElement.clientWidth") as? Int
            XCTAssertEqual(overflow, 0, "\(page) is wider than a phone")
        }
        let enter = "\u{E007}"
        let nhsItem = #".card-item:first-child"#

        // Reveal and hide the masked number.
        let number = try browser.waitFor("\(nhsItem) .number")
        XCTAssertEqual(try browser.text(number), "999 *** 0018")
        let reveal = try browser.waitFor(#"\#(nhsItem) button[aria-pressed]"#)
        XCTAssertEqual(try browser.attribute(reveal, "aria-label"), "Reveal the number of NHS Number")
        try browser.type(reveal, enter)
        _ = try browser.waitFor("\(nhsItem) .number") { try browser.text($0) == "9990000018" }
        try browser.type(try browser.waitFor(#"\#(nhsItem) button[aria-pressed="true"]"#), enter)
        _ = try browser.waitFor("\(nhsItem) .number") { try browser.text($0) == "999 *** 0018" }

        // Make default, duplicate, edit, delete.
        try browser.type(try browser.waitFor(#"button[aria-label="Make NHS Number the default of Healthcare"]"#), enter)
        _ = try browser.waitFor(".card-item.default .badge")
        try browser.type(try browser.waitFor(#"button[aria-label="Duplicate Gym"]"#), enter)
        _ = try browser.waitFor(#"button[aria-label="Edit Gym (copy)"]"#)
        try browser.type(try browser.waitFor(#"button[aria-label="Edit Gym (copy)"]"#), enter)
        let name = try browser.waitFor(#"form.card-form input[name="name"]"#)
        XCTAssertEqual(try browser.focused(), name, "the form takes the focus")
        XCTAssertEqual(try browser.unnamedControls(), [], "every control on the Cards page has a name for screen readers")
        try browser.type(name, WebDriver.selectAll + "Gym two\u{E007}")
        _ = try browser.waitFor(#"button[aria-label="Delete Gym two"]"#)
        try browser.type(try browser.waitFor(#"button[aria-label="Delete Gym two"]"#), enter)
        try browser.acceptAlert()
        _ = try browser.waitFor("#notice.ok") { try browser.text($0).contains("Deleted") }
        XCTAssertEqual(try browser.elements(".card-item").count, 2)

        // Search by category, and the empty state.
        let search = try browser.waitFor("#search")
        try browser.type(search, "member")
        _ = try browser.waitFor("#cards") { _ in try browser.elements(".card-item").count == 1 }
        XCTAssertTrue(try browser.text(try browser.waitFor(".card-item")).contains("Gym"))
        try browser.type(search, WebDriver.selectAll + "zzz")
        _ = try browser.waitFor(".empty-state") { try browser.text($0).contains("No card matches") }

        // A category added, and one deleted with its cards after confirming.
        try browser.type(try browser.waitFor("#category-name"), "Library\(enter)")
        _ = try browser.waitFor("#categories li") { try browser.text($0).contains("Library (0)") }
        try browser.type(try browser.waitFor(#"button[aria-label="Delete the category Memberships"]"#), enter)
        try browser.acceptAlert()
        _ = try browser.waitFor("#notice.ok") { try browser.text($0).contains("and its cards") }
        let categories = try browser.elements("#categories li").map { try browser.text($0) }
        XCTAssertFalse(categories.contains { $0.contains("Memberships") }, "\(categories)")
        if let folder = ProcessInfo.processInfo.environment["CARDSCAN_SCREENSHOTS"] {
            try browser.type(search, WebDriver.selectAll + "\u{E003}")
            _ = try browser.waitFor(".card-item")
            try browser.screenshot().write(to: URL(fileURLWithPath: "\(folder)/cards-phone.png"))
        }
    }
}
