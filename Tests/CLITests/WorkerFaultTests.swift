import Foundation
import XCTest

/// Batch import against workers that misbehave between two photos (test-build switches, see TestBuild): each
/// costs at most one photo, the batch finishes, and a rerun completes it. Run with a watchdog: the failure these
/// guard against is a supervisor that crashes or hangs.
final class WorkerFaultTests: XCTestCase {
    let photos = ["gb-nhs-card-00", "loyalty-card-00", "loyalty-card-01", "loyalty-card-02"]

    struct Summary { let status: Int32; let stderr: String; let unreadable: [String]; let outcomes: Int }

    func importPhotos(_ dir: String, store: String, environment: [String: String] = [:]) throws -> Summary {
        let report = (store as NSString).deletingLastPathComponent + "/report-\(UUID().uuidString).json"
        // One worker, so the photo after the fault goes to the same (misbehaving) worker.
        let run = try FakeCamera.cardscan(["import", dir, "--jobs", "1", "--report", report, "--store", store],
                                          environment: environment, limit: 240)
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as! [String: Any]
        let perPhoto = summary["perPhoto"] as! [[String: Any]]
        let unreadable = perPhoto.filter { $0["outcome"] as? String == "unreadable" }.map { $0["source"] as! String }
        return Summary(status: run.status, stderr: run.stderr + run.stdout, unreadable: unreadable, outcomes: perPhoto.count)
    }

    func folder(_ name: String = #function) throws -> (dir: String, store: String) {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-faults-\(getpid())-\(name.filter(\.isLetter))")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/photos", withIntermediateDirectories: true)
        for n in photos { try FileManager.default.copyItem(atPath: "\(ScanCommandTests.samples)/\(n).jpg", toPath: "\(dir)/photos/\(n).jpg") }
        return ("\(dir)/photos", "\(dir)/store/cards.db")
    }

    /// The rerun without the fault: every photo ends up recorded (imported or queued), none unreadable.
    func assertRerunCompletes(_ dir: String, store: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let rerun = try importPhotos(dir, store: store)
        XCTAssertEqual(rerun.status, 0, rerun.stderr, file: file, line: line)
        XCTAssertEqual(rerun.unreadable, [], file: file, line: line)
        let third = try ScanCommandTests.cardscan(["import", dir, "--store", store])
        XCTAssertTrue(third.stderr.contains("\(photos.count) already imported"), third.stderr, file: file, line: line)
    }

    /// A worker that exits right after a reply: the next photo's request meets a closed pipe (EPIPE, which used
    /// to kill the supervisor through FileHandle.write's try!). The photo goes to a new worker instead.
    func testAWorkerExitingAfterAReplyCostsAtMostOnePhoto() throws {
        try TestBuild.requireFaultSwitches()
        let (dir, store) = try folder()
        let run = try importPhotos(dir, store: store, environment: ["CARDSCAN_TEST_WORKER_EXIT_AFTER": "gb-nhs-card-00"])
        XCTAssertTrue([0, 3].contains(run.status), "the batch finished: \(run.status) \(run.stderr)")
        XCTAssertEqual(run.outcomes, photos.count, "every photo has an outcome")
        XCTAssertLessThanOrEqual(run.unreadable.count, 1, "\(run.unreadable)")
        try assertRerunCompletes(dir, store: store)
    }

    /// A worker that prints a line of junk on stdout (a chatty C library) while on a photo: the line never
    /// reaches the supervisor, which reads replies on their own descriptor (it used to take the junk for a
    /// reply and wait forever on the live worker), and never reaches the user's terminal either.
    func testJunkOnAWorkersStdoutCostsAtMostOnePhoto() throws {
        try TestBuild.requireFaultSwitches()
        let (dir, store) = try folder()
        let run = try importPhotos(dir, store: store, environment: ["CARDSCAN_TEST_WORKER_JUNK_ON": "loyalty-card-00"])
        XCTAssertTrue([0, 3].contains(run.status), "the batch finished: \(run.status) \(run.stderr)")
        XCTAssertEqual(run.outcomes, photos.count, "every photo has an outcome")
        XCTAssertLessThanOrEqual(run.unreadable.count, 1, "\(run.unreadable)")
        XCTAssertFalse(run.stderr.contains("junk from a decoding library"), run.stderr)
        try assertRerunCompletes(dir, store: store)
    }

    /// A worker whose reply channel carries a line that is not a reply, after which it says nothing more: the
    /// supervisor kills it before waiting for it (it used to wait on the live process: a hang), reports that
    /// photo, and goes on with a new worker.
    func testAWorkerSendingSomethingElseThanAReplyIsKilledNotWaitedFor() throws {
        try TestBuild.requireFaultSwitches()
        let (dir, store) = try folder()
        let run = try importPhotos(dir, store: store, environment: ["CARDSCAN_TEST_WORKER_BAD_REPLY_ON": "loyalty-card-00"])
        XCTAssertEqual(run.status, 3, "one photo could not be read: \(run.stderr)")
        XCTAssertEqual(run.outcomes, photos.count, "every photo has an outcome")
        XCTAssertEqual(run.unreadable.map { ($0 as NSString).lastPathComponent }, ["loyalty-card-00.jpg"])
        XCTAssertTrue(run.stderr.contains("malformed reply"), run.stderr)
        try assertRerunCompletes(dir, store: store)
    }
}
