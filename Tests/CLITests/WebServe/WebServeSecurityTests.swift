import Foundation
import XCTest

/// What `cardscan serve` refuses, said over a socket exactly as an attacker's page or a careless client would:
/// no token, a wrong one, a foreign Host (DNS rebinding), a change without the page's Origin (CSRF), malformed
/// bodies (4xx with a message, never a crash), and no health number in its log.
final class WebServeSecurityTests: XCTestCase {
    func serve(_ extra: [String] = []) throws -> (ServeProcess, String) {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-web-security-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let server = try ServeProcess(arguments: ["--store", "\(dir)/cards.db", "--verbose"] + extra,
                                      environment: WebServeBrowserTests.neutralRegion)
        return (server, dir)
    }

    static let card = #"{"name":"NHS Number","number":"9990000018","category":"Healthcare","region":"GB","skipValidation":true}"#

    func testNothingIsServedWithoutTheToken() throws {
        let (server, _) = try serve()
        defer { server.stop() }
        for path in ["/", "/scan", "/cards", "/assets/scan.js", "/api/cards", "/api/events", "/api/preview"] {
            let none = try RawHTTP.request(port: server.port, "GET", path)
            XCTAssertEqual(none.status, 403, path)
            XCTAssertEqual(none.errorCode, "badToken", path)
            XCTAssertTrue(none.text.contains("open the URL"), none.text)
        }
        let wrongToken = String(server.token.reversed())
        let wrongCookie = try RawHTTP.request(port: server.port, "GET", "/api/cards", headers: ["Cookie": "cardscan_token_\(server.port)=\(wrongToken)"])
        XCTAssertEqual(wrongCookie.status, 403)
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/api/cards?token=\(wrongToken)").status, 403)
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/api/cards?token=").status, 403)
        // Another server's cookie (another port) does not open this one.
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/api/cards", headers: ["Cookie": "cardscan_token_1=\(server.token)"]).status, 403)

        // The printed URL: the cookie is set (HttpOnly, SameSite=Strict) and the page is opened without the token.
        let first = try RawHTTP.request(port: server.port, "GET", "/?token=\(server.token)")
        XCTAssertEqual(first.status, 303)
        XCTAssertEqual(first.headers["location"], "/scan")
        let cookie = try XCTUnwrap(first.cookies.first)
        XCTAssertTrue(cookie.hasPrefix("cardscan_token_\(server.port)=\(server.token);"), cookie)
        XCTAssertTrue(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/"), cookie)

        // The token's redirect goes to the pages only (never "//elsewhere"), and keeps their own query, encoded.
        let elsewhere = try RawHTTP.request(port: server.port, "GET", "//evil.example/?token=\(server.token)")
        XCTAssertNotEqual(elsewhere.status, 303)
        XCTAssertNil(elsewhere.headers["location"])
        let show = try RawHTTP.request(port: server.port, "GET", "/show?id=ab%0d%0aSet-Cookie:x&token=\(server.token)")
        XCTAssertEqual(show.status, 303)
        XCTAssertEqual(show.headers["location"], "/show?id=ab%0D%0ASet%2DCookie%3Ax")

        let page = try server.call("GET", "/scan")
        XCTAssertEqual(page.status, 200)
        let policy = try XCTUnwrap(page.headers["content-security-policy"])
        XCTAssertTrue(policy.contains("default-src 'none'") && policy.contains("script-src 'self'"), policy)
        XCTAssertFalse(policy.contains("unsafe"), policy)
        XCTAssertEqual(page.headers["x-content-type-options"], "nosniff")
        XCTAssertEqual(page.headers["referrer-policy"], "no-referrer")
        // No inline script in any page: every <script> loads a file of this server.
        for path in ["/scan", "/cards", "/show"] {
            let html = try server.call("GET", path).text
            let scripts = html.components(separatedBy: "<script").dropFirst()
            XCTAssertFalse(scripts.isEmpty, path)
            for script in scripts { XCTAssertTrue(script.hasPrefix(#" src="/assets/"#) && script.contains("></script>"), "\(path): <script\(script.prefix(60))") }
            XCTAssertFalse(html.contains("http://") || html.contains("https://"), "\(path) loads something from the network")
        }
    }

    func testAForeignHostIsRefused() throws {
        let (server, _) = try serve(["--allow-host", "kiosk.example"])
        defer { server.stop() }
        let cookie = ["Cookie": server.cookie]
        for host in ["evil.example:\(server.port)", "evil.example", "127.0.0.1.evil.example:\(server.port)", "127.0.0.1:\(server.port + 1)",
                     "localhost:\(server.port)@evil.example", ""] {
            let answer = try RawHTTP.request(port: server.port, "GET", "/api/cards", headers: cookie, host: host)
            XCTAssertEqual(answer.status, 421, "Host: \(host)")
            XCTAssertEqual(answer.errorCode, "badHost", "Host: \(host)")
        }
        // Even with the token in the URL, a rebinding page under its own name gets nothing (and no cookie).
        let rebound = try RawHTTP.request(port: server.port, "GET", "/?token=\(server.token)", host: "evil.example:\(server.port)")
        XCTAssertEqual(rebound.status, 421)
        XCTAssertTrue(rebound.cookies.isEmpty)
        for host in ["127.0.0.1:\(server.port)", "localhost:\(server.port)", "LOCALHOST:\(server.port)", "[::1]:\(server.port)", "kiosk.example:\(server.port)"] {
            XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/api/cards", headers: cookie, host: host).status, 200, "Host: \(host)")
        }
    }

    func testChangesNeedThePagesOwnOrigin() throws {
        let (server, _) = try serve()
        defer { server.stop() }
        let json = ["Cookie": server.cookie, "Content-Type": "application/json"]
        let body = Data(Self.card.utf8)
        for origin in [nil, "http://evil.example", "null", "http://127.0.0.1:\(server.port + 1)", "https://127.0.0.1:\(server.port)"] {
            var headers = json
            headers["Origin"] = origin
            let answer = try RawHTTP.request(port: server.port, "POST", "/api/cards", headers: headers, body: body)
            XCTAssertEqual(answer.status, 403, "Origin: \(origin ?? "none")")
            XCTAssertEqual(answer.errorCode, "badOrigin", "Origin: \(origin ?? "none")")
            let session = try RawHTTP.request(port: server.port, "POST", "/api/session", headers: headers, body: Data(#"{"cmd":"start"}"#.utf8))
            XCTAssertEqual(session.status, 403, "Origin: \(origin ?? "none")")
        }
        let cards = try server.call("GET", "/api/cards").json?["cards"] as? [Any]
        XCTAssertEqual(cards?.count, 0, "nothing was saved")

        let added = try server.call("POST", "/api/cards", json: Self.card)
        XCTAssertEqual(added.status, 201, added.text)
        let id = try XCTUnwrap(added.json?["id"] as? String)
        let deleteWithoutOrigin = try RawHTTP.request(port: server.port, "DELETE", "/api/cards/\(id)", headers: ["Cookie": server.cookie])
        XCTAssertEqual(deleteWithoutOrigin.status, 403)
        XCTAssertEqual(try server.call("GET", "/api/cards/\(id)").status, 200, "still there")
        XCTAssertEqual(try server.call("DELETE", "/api/cards/\(id)").status, 200)
        XCTAssertEqual(try server.call("GET", "/api/cards/\(id)").status, 404)
    }

    func testMalformedRequestsGetA4xxWithAMessageAndTheServerCarriesOn() throws {
        let (server, _) = try serve()
        defer { server.stop() }
        func expect(_ answer: RawHTTP.Response, _ status: Int, _ code: String, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertEqual(answer.status, status, answer.text, file: file, line: line)
            XCTAssertEqual(answer.errorCode, code, answer.text, file: file, line: line)
            let message = (answer.json?["error"] as? [String: Any])?["message"] as? String ?? ""
            XCTAssertGreaterThan(message.count, 10, "a message says what to do", file: file, line: line)
        }
        expect(try server.call("POST", "/api/session", json: "{not json"), 400, "badCommand")
        expect(try server.call("POST", "/api/session", json: #"{"cmd":"fly"}"#), 400, "badCommand")
        expect(try server.call("POST", "/api/session", json: #"{"cmd":"start","size":"huge"}"#), 400, "badCommand")
        expect(try server.call("POST", "/api/session", json: #"{"cmd":"start","timeout":-1}"#), 400, "badCommand")
        expect(try server.call("POST", "/api/session", json: #"{"cmd":"scanFile","path":"/etc/passwd"}"#), 400, "badCommand")
        expect(try server.call("POST", "/api/session", json: #"{"cmd":"accept","suggestion":"s99"}"#), 404, "unknownSuggestion")
        expect(try server.call("POST", "/api/session", json: #"{"cmd":"stop"}"#), 409, "noSession")
        expect(try server.call("POST", "/api/cards", json: "{"), 400, "badJSON")
        expect(try server.call("POST", "/api/cards", json: "[1,2,3]"), 400, "badJSON")
        expect(try server.call("POST", "/api/cards", json: #"{"name":7}"#), 400, "badJSON")
        expect(try server.call("POST", "/api/cards", json: #"{"name":"NHS Number"}"#), 400, "missingField")
        expect(try server.call("POST", "/api/cards", json: #"{"name":"NHS Number","number":"9990000019","category":"Healthcare"}"#), 422, "invalidNumber")
        expect(try server.call("POST", "/api/cards", json: #"{"name":"x","number":"1","category":"c","region":"FR"}"#), 400, "badRegion")
        expect(try RawHTTP.request(port: server.port, "POST", "/api/cards", headers: ["Cookie": server.cookie, "Origin": server.base, "Content-Type": "text/plain"],
                                   body: Data(Self.card.utf8)), 415, "badContentType")
        expect(try server.call("PUT", "/api/cards/nonexistent", json: #"{"name":"x"}"#), 404, "notFound")
        expect(try server.call("GET", "/api/cards/nonexistent/code.png"), 404, "notFound")
        expect(try server.call("DELETE", "/api/categories/Nowhere"), 404, "notFound")
        expect(try server.call("POST", "/api/categories", json: #"{"name":"  "}"#), 400, "missingField")
        expect(try server.call("POST", "/api/scan"), 400, "emptyBody")
        expect(try server.call("GET", "/api/nothing"), 404, "notFound")
        expect(try server.call("GET", "/scan/../../etc/passwd"), 404, "notFound")
        expect(try server.call("PATCH", "/api/cards"), 404, "notFound")
        let huge = try RawHTTP.request(port: server.port, "POST", "/api/scan", headers: ["Cookie": server.cookie, "Origin": server.base],
                                       body: Data(count: 33_000_000))
        expect(huge, 413, "tooLarge")
        // A category that holds cards is not deleted without saying what happens to them.
        XCTAssertEqual(try server.call("POST", "/api/cards", json: Self.card).status, 201)
        expect(try server.call("DELETE", "/api/categories/Healthcare"), 409, "refused")

        // Still serving, and nothing of the card's number in the log (the search too was for it).
        XCTAssertEqual(try server.call("GET", "/api/cards?q=9990000018").status, 200)
        XCTAssertEqual(try server.call("GET", "/api/status").status, 200)
        XCTAssertTrue(server.process.isRunning)
        XCTAssertEqual(server.stop(), 0)
        XCTAssertTrue(server.stderr.contains("serve: GET /api/cards 200"), "the --verbose log lists requests: \(server.stderr)")
        XCTAssertFalse(server.stderr.contains("9990000018"), server.stderr)
        XCTAssertFalse(server.stderr.contains(server.token), "the token in the log")
    }

    /// The events a page receives are exactly the objects `cardscan camera --json` prints for the same input.
    func testEventStreamCarriesTheCameraJSONObjects() throws {
        let (server, _) = try serve()
        defer { server.stop() }
        let photo = "\(ScanCommandTests.samples)/gb-nhs-card-01.jpg"
        let stream = Locked(Data())
        let port = server.port, cookie = server.cookie
        let reader = Thread {
            let data = (try? RawHTTP.stream(port: port, "/api/events", headers: ["Cookie": cookie], timeout: 60) {
                String(decoding: $0, as: UTF8.self).contains(#""event":"sessionClosed""#)
            }) ?? Data()
            stream.set(data)
        }
        reader.start()
        usleep(300_000)
        let upload = try RawHTTP.request(port: server.port, "POST", "/api/scan", headers: ["Cookie": server.cookie, "Origin": server.base,
                                                                                           "Content-Type": "image/jpeg"],
                                         body: try Data(contentsOf: URL(fileURLWithPath: photo)))
        XCTAssertEqual(upload.status, 202, upload.text)
        let deadline = Date().addingTimeInterval(60)
        while !reader.isFinished && Date() < deadline { usleep(50_000) }
        let text = String(decoding: stream.value, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("retry: "), text.prefix(40).description)
        let events = text.components(separatedBy: "\n\n").compactMap { message -> [String: Any]? in
            guard let line = message.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }) else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any]
        }
        let camera = try FakeCamera.cardscan(["camera", "--json", photo], environment: WebServeBrowserTests.neutralRegion)
        func shape(_ events: [[String: Any]]) -> [String] {
            events.map { event in
                let kind = event["event"] as? String ?? "?"
                if let s = event["suggestion"] as? [String: Any] { return "\(kind) \(s["type"] ?? "") \(s["value"] ?? "") \(s["id"] ?? "")" }
                if let item = event["item"] as? [String: Any] { return "\(kind) \(item["id"] ?? "") \(item["text"] ?? "")" }
                return "\(kind) \(event["reason"] ?? "")"
            }
        }
        XCTAssertEqual(shape(events), shape(camera.events), text)
        XCTAssertEqual(Set(events.flatMap(\.keys)), Set(camera.events.flatMap(\.keys)), "the same fields")
    }

    /// Issue 36 point 3: an uploaded photo is the server's own file in its private folder; no event of its scan and
    /// no answer names that folder, the file, the server's temporary folder or the store. Read over every event of
    /// two uploads: a card photo (suggestions, items) and bytes that are no image (the error event names the file).
    func testNoServerPathInAnUploadsEventsOrAnswers() throws {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-web-paths-\(getpid())")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/tmp", withIntermediateDirectories: true)
        let store = "\(dir)/cards.db"
        let server = try ServeProcess(arguments: ["--store", store],
                                      environment: WebServeBrowserTests.neutralRegion.merging(["TMPDIR": dir + "/tmp"]) { $1 })
        defer { server.stop() }
        let uploads = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: dir + "/tmp").first { $0.hasPrefix("cardscan-serve-") })
        let bodies = [try Data(contentsOf: URL(fileURLWithPath: "\(ScanCommandTests.samples)/gb-nhs-card-00.jpg")),
                      Data("this is a text file, not a photo\n".utf8)]
        // One stream over both uploads (a stream opened later would first be given the last session's events again).
        let stream = Locked(Data())
        let port = server.port, cookie = server.cookie
        let reader = Thread {
            stream.set((try? RawHTTP.stream(port: port, "/api/events", headers: ["Cookie": cookie], timeout: 120) {
                String(decoding: $0, as: UTF8.self).components(separatedBy: #""event":"sessionClosed""#).count > bodies.count
            }) ?? Data())
        }
        reader.start()
        usleep(300_000)
        var seen = ""
        for body in bodies {
            let upload = try RawHTTP.request(port: server.port, "POST", "/api/scan", headers: ["Cookie": server.cookie, "Origin": server.base],
                                             body: body)
            XCTAssertEqual(upload.status, 202, upload.text)
            seen += upload.text
            let deadline = Date().addingTimeInterval(60)
            while try server.call("GET", "/api/status").json?["running"] as? Bool == true, Date() < deadline { usleep(100_000) }
            for id in 1...8 { seen += try server.call("POST", "/api/session", json: #"{"cmd":"accept","suggestion":"s\#(id)"}"#).text }
        }
        let deadline = Date().addingTimeInterval(60)
        while !reader.isFinished && Date() < deadline { usleep(50_000) }
        seen += String(decoding: stream.value, as: UTF8.self)
        XCTAssertTrue(seen.contains(#""suggestion""#) && seen.contains(#""event":"error""#), "both uploads were read: \(seen)")
        XCTAssertTrue(seen.contains("uploaded photo"), "the bad upload is named in words: \(seen)")
        for secret in [dir, uploads, "photo-1", "photo-2", store, "cards.db", "/tmp"] {
            XCTAssertFalse(seen.contains(secret), "'\(secret)' in an event or answer: \(seen)")
        }
    }

    /// Random bodies and broken HTTP against every route that reads a body: always an answer below 500 (or 404 for
    /// a card that is not there), and the server is still there at the end.
    func testRandomBodiesNeverCrashIt() throws {
        let (server, _) = try serve()
        defer { server.stop() }
        var generator = SystemRandomNumberGenerator()
        let pieces = ["{", "}", "[", "]", "\"", ":", ",", "null", "true", "1e999", "-0", "\"cmd\"", "\"start\"", "\"accept\"",
                      "\"name\"", "\"number\"", "\"category\"", "\"\\u0000\"", "\"\\ud800\"", "\u{FEFF}", "é", "\n", " "]
        let routes = [("POST", "/api/session"), ("POST", "/api/cards"), ("PUT", "/api/cards/00000000"), ("POST", "/api/categories"),
                      ("POST", "/api/scan")]
        for round in 0..<300 {
            let (method, path) = routes[round % routes.count]
            let body = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let answer = try server.call(method, path, json: body)
            XCTAssertTrue((400..<500).contains(answer.status) || answer.status == 202 || answer.status == 201,
                          "\(method) \(path) \(body): \(answer.status) \(answer.text)")
            if answer.status == 202, path == "/api/session" { _ = try server.call("POST", "/api/session", json: #"{"cmd":"stop"}"#) }
        }
        // Not HTTP at all, and a header far too long: libmicrohttpd answers or closes; the server goes on.
        for garbage in ["\u{0}\u{1}\u{2}GARBAGE\r\n\r\n", "GET / HTTP/1.1\r\nHost: " + String(repeating: "a", count: 100_000) + "\r\n\r\n"] {
            _ = try? RawHTTP.request(port: server.port, "GET", "/", headers: ["X": garbage], timeout: 5)
        }
        XCTAssertEqual(try server.call("GET", "/api/status").status, 200)
        XCTAssertTrue(server.process.isRunning)
    }
}
