import CardModel
@testable import CardStore
import Foundation
import XCTest

/// Two `cardscan wristband` processes saving the default "Jersey Patient ID" into one store at the same moment,
/// 20 times each: the store always ends with one such card, the category's one default.
final class StoreRaceTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    /// The CLI built beside this test bundle.
    static var binary: String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? CommandLine.arguments[0])
        return bundle.deletingLastPathComponent().appendingPathComponent("cardscan").path
    }

    /// Whether process `pid` has `path` open (it has reached the store).
    func has(_ pid: Int32, open path: String) -> Bool {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return fds.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == path }
    }

    func testTwoProcessesSavingTheWristbandDefaultAtOnceKeepOneCard() throws {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-race-\(getpid())")
        try? FileManager.default.removeItem(atPath: dir)
        let path = "\(dir)/store/cards.db"
        _ = try CardStore(path: path)
        let holder = try SQLiteDatabase(path: path, create: false)
        // Four bands `cardscan wristband` reads (je-wristband-01's code is read only by a live session's frames).
        let bands = [0, 2, 3, 4].map { "\(Self.packageRoot)/SampleImages/je-wristband-0\($0).jpg" }
        for round in 0..<20 {
            try holder.execute("DELETE FROM cards")
            // The test holds the write lock until both processes have the store open, so their saves meet: each
            // has looked for an existing card, or is queued to, when the lock is let go.
            try holder.execute("BEGIN IMMEDIATE")
            let processes = try [bands[round % 4], bands[(round + 1) % 4]].map { band -> Process in
                let p = Process()
                p.executableURL = URL(fileURLWithPath: Self.binary)
                p.arguments = ["wristband", band, "--store", path]
                p.standardOutput = FileHandle.nullDevice
                try p.run()
                return p
            }
            let deadline = Date().addingTimeInterval(60)
            while processes.contains(where: { $0.isRunning && !has($0.processIdentifier, open: path) }), Date() < deadline { usleep(5_000) }
            usleep(200_000)
            try holder.execute("COMMIT")
            for p in processes {
                p.waitUntilExit()
                XCTAssertEqual(p.terminationStatus, 0, "round \(round): \(p.arguments!)")
            }
            // Read through the holder's connection: a second CardStore here would open and close the file
            // outside SQLite, which drops this process's POSIX locks (the holder's too).
            let saved = try holder.query("SELECT name, is_default FROM cards")
            XCTAssertEqual(saved.filter { $0[0].text == "Jersey Patient ID" }.count, 1, "round \(round)")
            XCTAssertEqual(saved.filter { $0[1].integer == 1 }.count, 1, "round \(round)")
        }
        try? FileManager.default.removeItem(atPath: dir)
    }
}
