import XCTest
@testable import WebServer

/// The guard's rules one by one (the socket-level tests in CLITests/WebServe check them through the real server).
final class AccessGuardTests: XCTestCase {
    let access = AccessGuard(token: .random(), port: 8080, allowedNames: ["kiosk.example"])

    func testHostNamesThisServerOnly() {
        for host in ["127.0.0.1:8080", "localhost:8080", "LocalHost:8080", "[::1]:8080", "10.0.0.7:8080", "kiosk.example:8080"] {
            XCTAssertTrue(access.acceptsHost(host), host)
        }
        for host in ["evil.example:8080", "127.0.0.1:8081", "127.0.0.1", "localhost", "localhost.evil.example:8080",
                     "127.0.0.1.nip.io:8080", "[::1]", "[::1]8080", "[evil]:8080", "a:b:8080", "localhost:", ":8080", "",
                     "kiosk.example.evil:8080", "localhost:8080 ", "1.2.3:8080"] {
            XCTAssertFalse(access.acceptsHost(host), host)
        }
        let onPort80 = AccessGuard(token: .random(), port: 80, allowedNames: [])
        XCTAssertTrue(onPort80.acceptsHost("localhost"), "no port means 80")
    }

    func testTokenFromCookieOrURLAndOriginForChanges() {
        let host = ["host": "127.0.0.1:8080"]
        func request(_ method: String, headers: [String: String] = [:], cookie: String? = nil, query: String? = nil) -> HTTPRequest {
            HTTPRequest(method: method, path: "/api/cards", query: query.map { ["token": $0] } ?? [:],
                        headers: host.merging(headers) { $1 }, cookies: cookie.map { [access.cookieName: $0] } ?? [:])
        }
        let token = access.token.value
        XCTAssertEqual(access.refusal(for: request("GET"))?.status, 403)
        XCTAssertEqual(access.refusal(for: request("GET", cookie: String(token.dropLast()) + "x"))?.status, 403)
        XCTAssertEqual(access.refusal(for: request("GET", cookie: token + "0"))?.status, 403)
        XCTAssertNil(access.refusal(for: request("GET", cookie: token)))
        XCTAssertNil(access.refusal(for: request("GET", query: token)))
        XCTAssertEqual(access.refusal(for: request("POST", cookie: token))?.status, 403, "no Origin")
        XCTAssertEqual(access.refusal(for: request("DELETE", headers: ["origin": "http://evil.example"], cookie: token))?.status, 403)
        XCTAssertNil(access.refusal(for: request("PUT", headers: ["origin": "http://127.0.0.1:8080"], cookie: token)))
        XCTAssertEqual(access.refusal(for: request("GET", headers: ["host": "evil.example:8080"], cookie: token))?.status, 421)
        XCTAssertNil(access.cookieHeader(for: request("GET", cookie: token)), "a cookie only for the URL's token")
        XCTAssertEqual(access.cookieHeader(for: request("GET", query: token))?.value,
                       "cardscan_token_8080=\(token); Path=/; HttpOnly; SameSite=Strict")
    }

    func testTokensAreLongAndDifferent() {
        let tokens = (0..<50).map { _ in AccessToken.random().value }
        XCTAssertEqual(Set(tokens).count, 50)
        XCTAssertTrue(tokens.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
    }
}
