import Foundation
import XCTest

/// `cardscan serve` used the way a person at a desk uses it, in a real headless Chromium (WebDriver): the fake
/// camera shows a dev-set NHS card, the suggestion appears on the Scan page, is tapped and saved, the Cards page
/// lists it masked, the Show page draws its code, and `cardscan scan` reads that code back off a screenshot.
final class WebServeBrowserTests: XCTestCase {
    /// The region as the live-photo tests have it (GB by fallback), whatever the machine's settings.
    static let neutralRegion = ["CARDSCAN_REGION": "", "TZ": "UTC", "CARDSCAN_CONFIG": "/nonexistent"]

    func scratch(_ name: String = #function) throws -> String {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-web-\(getpid())-\(name.filter(\.isLetter))")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A folder of frames holding one photo, for the fake camera.
    func frames(_ photo: String, in dir: String) throws -> String {
        let frames = "\(dir)/frames"
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: photo, toPath: "\(frames)/00.jpg")
        return frames
    }

    /// `cardscan serve` on the fake camera showing `frames` at 1280x720.
    func serve(_ dir: String, frames: String, camera extra: [String: String] = [:], verbose: Bool = false) throws -> ServeProcess {
        let environment = try FakeCamera.environment(frames: frames, ["FAKECAM_SIZE": "1280x720", "FAKECAM_AFTER_LAST": "hold"]
            .merging(extra) { $1 }).merging(Self.neutralRegion) { $1 }
        return try ServeProcess(arguments: (verbose ? ["--verbose"] : []) + ["--store", "\(dir)/cards.db", "--device", FakeCamera.device, "--size", "1280x720"],
                                environment: environment)
    }

    /// Screenshots for the README when CARDSCAN_SCREENSHOTS names a folder.
    func keepScreenshot(_ browser: WebDriver, _ name: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["CARDSCAN_SCREENSHOTS"] else { return }
        try browser.screenshot().write(to: URL(fileURLWithPath: "\(folder)/\(name).png"))
    }

    func testScanTapSaveListShowAndReadTheScreenshotBack() throws {
        try WebDriver.requireBrowser()
        let photo = try XCTUnwrap(LiveCardPhotoTests.nhsCardPhotos().first, "no NHS card photo at 1280x720 in the dev set")
        let nhs = photo.nhs
        let display = "\(nhs.prefix(3)) \(nhs.dropFirst(3).prefix(3)) \(nhs.suffix(4))"
        let dir = try scratch()
        let server = try serve(dir, frames: try frames(photo.path, in: dir), verbose: true)
        defer { XCTAssertEqual(server.stop(), 0, "serve exits 0 on Ctrl-C") }
        let browser = try WebDriver()

        // The printed URL (with the token) lands on the Scan page, without the token in the address any more.
        try browser.open(server.url)
        XCTAssertEqual(try browser.currentURL, server.base + "/scan")
        try browser.click(try browser.waitFor("#start"))
        _ = try browser.waitFor(#"button[data-type="nhsNumber"]"#, seconds: 90) { try browser.text($0).contains(display) }
        // A page opened mid-session is sent the session's events so far: the same suggestion is there at once.
        try browser.open(server.base + "/scan")
        let suggestion = try browser.waitFor(#"button[data-type="nhsNumber"]"#, seconds: 5) { try browser.text($0).contains(display) }
        _ = try browser.waitFor("#preview:not([hidden])")
        _ = try browser.waitFor("#overlay polygon.suggestion")
        try keepScreenshot(browser, "scan")
        try browser.click(suggestion)
        let save = try browser.waitFor(#"form.card-form button[type="submit"]"#)
        XCTAssertEqual(try browser.property(try browser.waitFor(#"form.card-form input[name="number"]"#), "value") as? String, nhs,
                       "the form is pre-filled with the suggestion's number")
        try browser.click(save)
        _ = try browser.waitFor("#notice.ok") { try browser.text($0).contains("Saved") }
        let list = try ScanCommandTests.cardscan(["cards", "list", "--json", "--reveal", "--store", "\(dir)/cards.db"])
        XCTAssertTrue(list.stdout.contains(nhs), "the card is in the store: \(list.stdout) \(list.stderr)")

        // The Cards page lists it with the number masked, and the full number is nowhere in the page.
        try browser.open(server.base + "/cards")
        let item = try browser.waitFor(".card-item")
        let masked = try browser.text(try browser.waitFor(".card-item .number"))
        XCTAssertEqual(masked, "\(nhs.prefix(3)) *** \(nhs.suffix(4))")
        XCTAssertFalse(try browser.pageSource.contains(nhs), "the unmasked number is in the Cards page")
        XCTAssertTrue(try browser.text(item).contains("NHS Number"))
        try keepScreenshot(browser, "cards")

        // Show: the code full screen; a screenshot of it reads back as the same number.
        try browser.click(try browser.waitFor(".card-item a.button"))
        _ = try browser.waitFor("#code") { (try browser.property($0, "naturalWidth") as? Int ?? 0) > 0 }
        XCTAssertEqual(try browser.text(try browser.waitFor("#number")), nhs)
        XCTAssertEqual(try browser.attribute(try browser.waitFor("#code"), "alt"), "Barcode of NHS Number")
        XCTAssertEqual(try browser.unnamedControls(), [])
        let screenshot = "\(dir)/show.png"
        try browser.screenshot().write(to: URL(fileURLWithPath: screenshot))
        try keepScreenshot(browser, "show")
        let scan = try ScanCommandTests.cardscan(["scan", "--json", "--no-ocr", screenshot])
        XCTAssertEqual(scan.status, 0, scan.stderr)
        let result = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(scan.stdout.utf8)) as? [String: Any])
        let codes = (result["items"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "barcode" }.compactMap { $0["text"] as? String }
        XCTAssertEqual(codes, [nhs], "the Show page's code reads back as the card's number")

        // Done goes back to the cards.
        try browser.click(try browser.waitFor("#done"))
        _ = try browser.waitFor(".card-item")
        XCTAssertFalse(server.stderr.contains(nhs), "a health number in serve's log: \(server.stderr)")
    }

    /// The camera unplugged mid-session: the page says so, and says it is back when it returns.
    func testUnpluggedCameraIsShownAndRecovers() throws {
        try WebDriver.requireBrowser()
        let dir = try scratch()
        let photo = try XCTUnwrap(LiveCardPhotoTests.nhsCardPhotos().first)
        // 15 frames a second: unplugged after about 6 s (time for a loaded machine's browser to see it live first),
        // back 3 s later (the session retries for 10 s).
        let server = try serve(dir, frames: try frames(photo.path, in: dir),
                               camera: ["FAKECAM_UNPLUG_AFTER": "90", "FAKECAM_UNPLUG_FOR_MS": "3000"])
        defer { server.stop() }
        let browser = try WebDriver()
        try browser.open(server.url)
        try browser.click(try browser.waitFor("#start"))
        let camera = try browser.waitFor(#"#camera[data-state="live"]"#)
        let onText = try browser.text(camera)
        XCTAssertTrue(onText.contains("Camera on"), onText)
        let lost = try browser.waitFor(#"#camera[data-state="reconnecting"]"#, seconds: 30)
        let lostText = try browser.text(lost)
        XCTAssertTrue(lostText.contains("Camera problem"), lostText)
        let back = try browser.waitFor(#"#camera[data-state="live"]"#, seconds: 30) { try browser.text($0).hasPrefix("Camera back") }
        let backText = try browser.text(back)
        XCTAssertTrue(backText.contains("1280"), backText)
        // And the picture keeps coming: a newer frame than before the unplug.
        let version = try browser.attribute(try browser.waitFor("#preview"), "src")
        _ = try browser.waitFor("#preview") { try browser.attribute($0, "src") != version }
    }
}
