import Foundation
import XCTest

/// The card store through the real CLI: saving from a scan, listing with masking, and two processes at once.
final class CardsCommandTests: XCTestCase {
    func scratchStore(_ name: String = #function) throws -> String {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-cards-\(getpid())-\(name.filter(\.isLetter))")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return "\(dir)/store/cards.db"
    }

    func testScanSaveThenListMasksAndRevealShows() throws {
        let store = try scratchStore()
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(ScanCommandTests.samples)/gb-nhs-card-00.json"))) as! [String: Any]
        let nhs = (truth["fields"] as! [String: String])["nhsNumber"]!
        let saved = try ScanCommandTests.cardscan(["scan", "--save", "--store", store, "\(ScanCommandTests.samples)/gb-nhs-card-00.jpg"])
        XCTAssertEqual(saved.status, 0, saved.stderr)
        XCTAssertTrue(saved.stderr.contains("saved") && saved.stderr.contains("NHS Number in Healthcare"), saved.stderr)

        let list = try ScanCommandTests.cardscan(["cards", "list", "--store", store])
        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.stdout.contains("\(nhs.prefix(3)) *** \(nhs.suffix(4))"), list.stdout)
        XCTAssertFalse(list.stdout.contains(nhs), "masked by default")
        let revealed = try ScanCommandTests.cardscan(["cards", "list", "--reveal", "--store", store])
        XCTAssertTrue(revealed.stdout.contains(nhs))
        let perms = try FileManager.default.attributesOfItem(atPath: store)[.posixPermissions] as! NSNumber
        XCTAssertEqual(perms.intValue, 0o600)

        // --pick beyond the list saves nothing and says so.
        let bad = try ScanCommandTests.cardscan(["scan", "--save", "--pick", "9", "--store", store, "\(ScanCommandTests.samples)/gb-nhs-card-00.jpg"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("no suggestion 9"), bad.stderr)
    }

    /// Two processes adding cards to one store at the same moment: nothing lost, no "database is locked".
    func testTwoProcessesAddingAtOnceLoseNothing() throws {
        let store = try scratchStore()
        XCTAssertEqual(try ScanCommandTests.cardscan(["categories", "list", "--store", store]).status, 0)
        let script = """
            for i in $(seq 1 15); do "\(ScanCommandTests.binary)" cards add --name "Card $1-$i" --number "$1$i" \
              --category Memberships --store "\(store)" >/dev/null || echo "FAILED $1 $i"; done
            """
        let processes = ["A", "B"].map { worker -> (Process, Pipe) in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/bash")
            p.arguments = ["-c", script, "bash", worker]
            let out = Pipe()
            p.standardOutput = out
            p.standardError = out
            return (p, out)
        }
        for (p, _) in processes { try p.run() }
        var output = ""
        for (p, out) in processes {
            output += String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
        }
        XCTAssertEqual(output, "", "every add succeeded")
        let list = try ScanCommandTests.cardscan(["cards", "list", "--category", "Memberships", "--json", "--store", store])
        XCTAssertEqual(list.stdout.split(separator: "\n").count, 30, "all 30 cards are there")
    }

    func testDamagedStoreIsReportedAndKept() throws {
        let store = try scratchStore()
        try FileManager.default.createDirectory(atPath: (store as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let junk = Data(repeating: 0x42, count: 5000)
        FileManager.default.createFile(atPath: store, contents: junk)
        let run = try ScanCommandTests.cardscan(["cards", "list", "--store", store])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains(store) && run.stderr.contains("left untouched"), run.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: store), junk)
    }
}
