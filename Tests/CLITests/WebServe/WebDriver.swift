import Foundation
import XCTest

/// A real headless Chromium driven over the W3C WebDriver protocol (chromedriver), spoken with `RawHTTP`.
/// https://www.w3.org/TR/webdriver2/ — sessions, navigation, elements, screenshots.
final class WebDriver {
    static let chromium = "/usr/bin/chromium"
    static let chromedriver = "/usr/bin/chromedriver"
    private static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    struct Problem: Error, CustomStringConvertible { let description: String }

    /// Fails (CI=true) or skips the test when the browser is not installed, saying how to install it.
    static func requireBrowser() throws {
        let missing = [chromium, chromedriver].filter { !FileManager.default.isExecutableFile(atPath: $0) }
        guard !missing.isEmpty else { return }
        let message = "\(missing.joined(separator: " and ")) missing: run Scripts/setup (installs chromium chromium-driver)"
        if ProcessInfo.processInfo.environment["CI"] == "true" { throw Problem(description: message) }
        throw XCTSkip(message)
    }

    private let driver = Process()
    private let port: Int
    private var session = ""

    init(width: Int = 1280, height: Int = 1000) throws {
        port = try Self.freePort()
        driver.executableURL = URL(fileURLWithPath: Self.chromedriver)
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        let deadline = Date().addingTimeInterval(20)
        while (try? RawHTTP.request(port: port, "GET", "/status", timeout: 2))?.status != 200 {
            guard Date() < deadline else { throw Problem(description: "chromedriver did not answer on port \(port)") }
            usleep(100_000)
        }
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": ["binary": Self.chromium,
                                   "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                                            "--window-size=\(width),\(height)", "--force-device-scale-factor=1"]],
        ]]]
        let answer = try command("POST", "/session", capabilities)
        guard let id = answer["sessionId"] as? String else { throw Problem(description: "no WebDriver session: \(answer)") }
        session = id
    }

    deinit {
        if !session.isEmpty { _ = try? command("DELETE", "/session/\(session)") }
        if driver.isRunning { driver.terminate(); driver.waitUntilExit() }
    }

    // MARK: Navigation and elements

    func open(_ url: String) throws { try command("POST", "/session/\(session)/url", ["url": url]) }

    var currentURL: String { get throws { try command("GET", "/session/\(session)/url")["value"] as? String ?? "" } }
    var pageSource: String { get throws { try command("GET", "/session/\(session)/source")["value"] as? String ?? "" } }

    /// The elements matching a CSS selector now (perhaps none).
    func elements(_ css: String) throws -> [String] {
        let found = try command("POST", "/session/\(session)/elements", ["using": "css selector", "value": css])
        return (found["value"] as? [[String: String]] ?? []).compactMap { $0[Self.elementKey] }
    }

    /// Waits up to `seconds` for an element matching `css` (and `where`, when given).
    func waitFor(_ css: String, seconds: Double = 30, where accept: ((String) throws -> Bool)? = nil) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            // An element the page replaced meanwhile (stale) is simply not the one: look again.
            for element in try elements(css) where (try? accept?(element) ?? true) ?? false { return element }
            usleep(100_000)
        } while Date() < deadline
        throw Problem(description: "no element \(css) after \(seconds) s on \((try? currentURL) ?? "?")")
    }

    func click(_ element: String) throws { try command("POST", "/session/\(session)/element/\(element)/click", [:]) }
    func text(_ element: String) throws -> String { try command("GET", "/session/\(session)/element/\(element)/text")["value"] as? String ?? "" }
    func attribute(_ element: String, _ name: String) throws -> String? {
        try command("GET", "/session/\(session)/element/\(element)/attribute/\(name)")["value"] as? String
    }
    func property(_ element: String, _ name: String) throws -> Any? {
        try command("GET", "/session/\(session)/element/\(element)/property/\(name)")["value"]
    }

    /// Types into an element as a keyboard would (it is focused first); "\u{E007}" is Enter, "\u{E004}" Tab.
    func type(_ element: String, _ text: String) throws {
        try command("POST", "/session/\(session)/element/\(element)/value", ["text": text])
    }

    /// Ctrl+A, then the modifier released (WebDriver's NULL key): what is typed next replaces the field's text.
    static let selectAll = "\u{E009}a\u{E000}"

    /// The element that has the keyboard focus.
    func focused() throws -> String {
        let found = try command("GET", "/session/\(session)/element/active")
        guard let element = (found["value"] as? [String: String])?[Self.elementKey] else { throw Problem(description: "nothing focused") }
        return element
    }

    /// Clicks OK on a `confirm()`.
    func acceptAlert() throws { try command("POST", "/session/\(session)/alert/accept", [:]) }

    /// Runs a script in the page (WebDriver's own channel: the page's Content-Security-Policy does not apply).
    func execute(_ script: String) throws -> Any? {
        try command("POST", "/session/\(session)/execute/sync", ["script": script, "args": [Any]()])["value"]
    }

    /// The page as PNG, the size of the window.
    func screenshot() throws -> Data {
        guard let base64 = try command("GET", "/session/\(session)/screenshot")["value"] as? String,
              let png = Data(base64Encoded: base64) else { throw Problem(description: "no screenshot") }
        return png
    }

    // MARK: Protocol

    @discardableResult
    private func command(_ method: String, _ path: String, _ body: [String: Any]? = nil) throws -> [String: Any] {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let response = try RawHTTP.request(port: port, method, path, headers: body == nil ? [:] : ["Content-Type": "application/json"],
                                           body: data, timeout: 120)
        guard let json = response.json else { throw Problem(description: "\(method) \(path): not JSON: \(response.text.prefix(300))") }
        let value = json["value"] as? [String: Any]
        if response.status != 200 {
            throw Problem(description: "\(method) \(path): \(response.status) \(value?["error"] ?? "") \(String(describing: value?["message"] ?? "").prefix(300))")
        }
        // New Session answers {"value":{"sessionId":…,"capabilities":…}}; the others {"value":…}.
        if let value, let id = value["sessionId"] { return ["sessionId": id, "value": value] }
        return json
    }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { throw Problem(description: "no free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

extension WebDriver {
    /// The controls a screen reader could not name: buttons, links, inputs and selects without an aria-label, a
    /// label, text or a title. Returned as short descriptions (tag#id.class); empty when every control is named.
    func unnamedControls() throws -> [String] {
        let script = """
            const named = (e) => {
              if ((e.getAttribute("aria-label") || "").trim()) return true;
              const by = e.getAttribute("aria-labelledby");
              if (by && by.split(" ").some((id) => (document.getElementById(id) || {}).textContent)) return true;
              if (e.labels && [...e.labels].some((l) => l.textContent.trim())) return true;
              if (["BUTTON", "A"].includes(e.tagName) && e.textContent.trim()) return true;
              return !!(e.getAttribute("title") || "").trim();
            };
            return [...document.querySelectorAll("button, a, input, select, textarea")]
              .filter((e) => e.offsetParent !== null || e.type === "file")
              .filter((e) => !named(e))
              .map((e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className ? "." + e.className : ""));
            """
        return try execute(script) as? [String] ?? ["(the check did not run)"]
    }
}
