import Foundation
import XCTest

/// `cardscan serve --verbose` over the sample cards (uploaded, accepted, searched, revealed, shown): no health
/// number, name, date of birth or address line on its stderr, and the uploaded photos kept privately (0700) only
/// while they are scanned.
final class WebServePHITests: XCTestCase {
    func testNoHealthDetailInTheLogAndUploadsDoNotStay() throws {
        let names = PHIAuditTests.sampleCards
        let secrets = try PHIAuditTests.secrets(of: names)
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-web-phi-\(getpid())")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/tmp", withIntermediateDirectories: true)
        let server = try ServeProcess(arguments: ["--store", "\(dir)/cards.db", "--verbose"],
                                      environment: WebServeBrowserTests.neutralRegion.merging(["TMPDIR": dir + "/tmp"]) { $1 })
        defer { server.stop() }
        let uploads = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: dir + "/tmp").first { $0.hasPrefix("cardscan-serve-") })
        let folder = "\(dir)/tmp/\(uploads)"
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? NSNumber)?.intValue, 0o700)

        var accepted = 0
        for name in names {
            let upload = try RawHTTP.request(port: server.port, "POST", "/api/scan", headers: ["Cookie": server.cookie, "Origin": server.base],
                                             body: try Data(contentsOf: URL(fileURLWithPath: "\(ScanCommandTests.samples)/\(name).jpg")))
            XCTAssertEqual(upload.status, 202, "\(name): \(upload.text)")
            // Wait for the photo's session to end (a second upload meanwhile would be refused as busy).
            let deadline = Date().addingTimeInterval(60)
            while try server.call("GET", "/api/status").json?["running"] as? Bool == true, Date() < deadline { usleep(100_000) }
            // Accept every suggestion that offers a card (ids are run-wide: try the next few).
            for id in 1...40 {
                if try server.call("POST", "/api/session", json: #"{"cmd":"accept","suggestion":"s\#(id)"}"#).status == 200 { accepted += 1 }
            }
        }
        XCTAssertGreaterThanOrEqual(accepted, 5, "cards were saved from the photos")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "uploaded photos are removed once scanned")
        let cards = try server.call("GET", "/api/cards").json?["cards"] as? [[String: Any]] ?? []
        for card in cards {
            let id = try XCTUnwrap(card["id"] as? String)
            XCTAssertEqual(try server.call("GET", "/api/cards/\(id)").status, 200)
            XCTAssertEqual(try server.call("GET", "/api/cards/\(id)/code.png").status, 200)
        }
        for secret in secrets.prefix(12) { _ = try server.call("GET", "/api/cards?q=\(secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)") }
        XCTAssertEqual(server.stop(), 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder), "the uploads folder goes when the server stops")
        let log = server.stderr
        XCTAssertTrue(log.contains("serve: POST /api/scan 202"), log)
        for secret in secrets {
            XCTAssertFalse(log.localizedCaseInsensitiveContains(secret), "serve --verbose printed a secret (\(secrets.firstIndex(of: secret)!))")
        }
    }
}
