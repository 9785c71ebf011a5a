import Foundation
import XCTest

/// An uploaded photo is decoded in a worker process, as `scan` decodes a batch: a worker that dies on an upload
/// (the test switch `CARDSCAN_TEST_WORKER_ABORT_ON`, as a C library aborting on a hostile photo would) costs that
/// upload only. The server answers the next request and scans the next upload.
final class WebServeIsolationTests: XCTestCase {
    func testAWorkerDyingOnAnUploadCostsThatUploadOnly() throws {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-web-isolation-\(getpid())")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/tmp", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The server keeps an upload as `photo-N` in its private folder: the worker aborts on the first one.
        let server = try ServeProcess(arguments: ["--store", "\(dir)/cards.db"],
                                      environment: WebServeBrowserTests.neutralRegion.merging(
                                        ["TMPDIR": dir + "/tmp", "CARDSCAN_TEST_WORKER_ABORT_ON": "photo-1"]) { $1 })
        defer { server.stop() }
        let photo = try Data(contentsOf: URL(fileURLWithPath: "\(ScanCommandTests.samples)/gb-nhs-card-00.jpg"))

        func upload() throws {
            let answer = try RawHTTP.request(port: server.port, "POST", "/api/scan", headers: ["Cookie": server.cookie, "Origin": server.base],
                                             body: photo)
            XCTAssertEqual(answer.status, 202, answer.text)
            let deadline = Date().addingTimeInterval(90)
            while try server.call("GET", "/api/status").json?["running"] as? Bool == true, Date() < deadline { usleep(100_000) }
        }
        func accepts(_ id: String) throws -> Bool {
            try server.call("POST", "/api/session", json: #"{"cmd":"accept","suggestion":"\#(id)","noValidate":true}"#).status == 200
        }

        try upload()
        XCTAssertFalse(try accepts("s1"), "the upload whose worker died made no suggestion (read in the server, it would have)")
        XCTAssertEqual(try server.call("GET", "/api/status").status, 200, "the server answers after the worker died")

        try upload()
        XCTAssertTrue(try accepts("s1"), "the next upload is scanned by a new worker and its card is offered")
        XCTAssertEqual(server.stop(), 0, "the server itself never died")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/tmp"), [],
                       "no upload and no decoded picture is left behind")
    }
}
