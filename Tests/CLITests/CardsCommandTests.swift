import Foundation
import XCTest

/// The card store through the real CLI: saving from a scan, listing with masking, and two processes at once.
final class CardsCommandTests: XCTestCase {
    static func scratchStore(_ name: String = #function) throws -> String {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-cards-\(getpid())-\(name.filter(\.isLetter))")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return "\(dir)/store/cards.db"
    }

    func testScanSaveThenListMasksAndRevealShows() throws {
        let store = try Self.scratchStore()
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(ScanCommandTests.samples)/gb-nhs-card-00.json"))) as! [String: Any]
        let nhs = (truth["fields"] as! [String: String])["nhsNumber"]!
        // The sample's number is in the NHS test range: `--save` alone refuses it, naming the range and what to do.
        let refused = try ScanCommandTests.cardscan(["scan", "--save", "--store", store, "\(ScanCommandTests.samples)/gb-nhs-card-00.jpg"])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("refused: the NHS number is in the NHS test range (999 xxx xxxx)")
                      && refused.stderr.contains("pass --no-validate to keep a test number"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains(nhs), "the refusal never holds the number")
        XCTAssertTrue(try ScanCommandTests.cardscan(["cards", "list", "--store", store]).stdout.contains("No ID cards"), "nothing saved")
        let saved = try ScanCommandTests.cardscan(["scan", "--save", "--no-validate", "--store", store,
                                                   "\(ScanCommandTests.samples)/gb-nhs-card-00.jpg"])
        XCTAssertEqual(saved.status, 0, saved.stderr)
        XCTAssertTrue(saved.stderr.contains("saved") && saved.stderr.contains("NHS Number in Healthcare"), saved.stderr)
        // The same card saved again (the same photo imported twice) is the one save path's "same card once", as a
        // camera's is: not a second row.
        let again = try ScanCommandTests.cardscan(["scan", "--save", "--no-validate", "--store", store,
                                                   "\(ScanCommandTests.samples)/gb-nhs-card-00.jpg"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("already saved") && again.stderr.contains("not added again"), again.stderr)
        let listed = try ScanCommandTests.cardscan(["cards", "list", "--reveal", "--store", store]).stdout
        XCTAssertEqual(listed.components(separatedBy: nhs).count - 1, 1, "one card, not two: \(listed.count) characters listed")

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
        let store = try Self.scratchStore()
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
        let store = try Self.scratchStore()
        try FileManager.default.createDirectory(atPath: (store as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let junk = Data(repeating: 0x42, count: 5000)
        _ = FileManager.default.createFile(atPath: store, contents: junk)
        let run = try ScanCommandTests.cardscan(["cards", "list", "--store", store])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains(store) && run.stderr.contains("left untouched"), run.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: store), junk)
    }
}

final class CardsManagementTests: XCTestCase {
    func cardscan(_ args: [String]) throws -> ScanCommandTests.Run { try ScanCommandTests.cardscan(args) }

    func testAddValidatesEditDuplicateCategoriesExportImport() throws {
        let store = try CardsCommandTests.scratchStore()
        XCTAssertTrue(try cardscan(["cards", "list", "--store", store]).stdout.contains("No ID cards — add one with `cardscan scan IMAGE --save`"))

        // Refusals say what is wrong; --no-validate saves anyway.
        let badNHS = try cardscan(["cards", "add", "--name", "NHS Number", "--number", "943 476 5918", "--category", "Healthcare",
                                   "--region", "GB", "--store", store])
        XCTAssertEqual(badNHS.status, 1)
        XCTAssertTrue(badNHS.stderr.contains("Modulus 11"), badNHS.stderr)
        let badJY = try cardscan(["cards", "add", "--name", "Social Security Number", "--number", "JY12345", "--category", "Healthcare",
                                  "--region", "JE", "--store", store])
        XCTAssertEqual(badJY.status, 1)
        XCTAssertTrue(badJY.stderr.contains("JY123456A"), badJY.stderr)
        XCTAssertEqual(try cardscan(["cards", "add", "--name", "NHS Number", "--number", "9434765918", "--category", "Healthcare",
                                     "--no-validate", "--store", store]).status, 0)
        // Issue 13 item 2: a test-range number (999) is valid but never issued: refused unless --no-validate keeps it.
        let test = try cardscan(["cards", "add", "--name", "NHS Number", "--number", "9990000018", "--category", "Healthcare",
                                 "--region", "GB", "--default", "--store", store])
        XCTAssertEqual(test.status, 1, test.stderr)
        XCTAssertEqual(test.stderr, "cardscan: refused: the NHS number is in the NHS test range (999 xxx xxxx), which is never issued "
                       + "to a patient; pass --no-validate to keep a test number\n")
        XCTAssertFalse(try cardscan(["cards", "list", "--reveal", "--store", store]).stdout.contains("9990000018"), "nothing saved")
        let good = try cardscan(["cards", "add", "--name", "NHS Number", "--number", "9990000018", "--category", "Healthcare",
                                 "--region", "GB", "--default", "--no-validate", "--store", store])
        XCTAssertEqual(good.status, 0, good.stderr)
        let id = String(good.stdout.split(separator: " ")[1])
        // A number in an issued range that passes Modulus 11 needs no flag.
        let issued = try cardscan(["cards", "add", "--name", "NHS Number", "--number", "400 000 0632", "--category", "Healthcare",
                                   "--region", "GB", "--store", store])
        XCTAssertEqual(issued.status, 0, issued.stderr)
        // Typed as printed, stored as its digits (as the web page and a scan store it): its barcode holds no spaces.
        let issuedID = String(issued.stdout.split(separator: " ")[1])
        let shown = try cardscan(["cards", "show", issuedID, "--json", "--store", store]).stdout
        XCTAssertTrue(shown.contains(#""number":"4000000632""#), shown)

        // Edit (validated: the test number is still one), duplicate, search, show.
        XCTAssertEqual(try cardscan(["cards", "edit", id, "--number", "1234567890", "--store", store]).status, 1, "still validated")
        XCTAssertEqual(try cardscan(["cards", "edit", id, "--name", "NHS Number (Alex)", "--store", store]).status, 1, "still a test number")
        XCTAssertEqual(try cardscan(["cards", "edit", id, "--name", "NHS Number (Alex)", "--no-validate", "--store", store]).status, 0)
        XCTAssertEqual(try cardscan(["cards", "duplicate", id, "--store", store]).status, 0)
        let found = try cardscan(["cards", "search", "alex", "--reveal", "--store", store])
        XCTAssertEqual(found.stdout.components(separatedBy: "9990000018").count - 1, 2, found.stdout)
        XCTAssertTrue(try cardscan(["cards", "show", id, "--json", "--store", store]).stdout.contains(#""isDefault":true"#))

        // Categories: refused while holding cards, then moved.
        XCTAssertEqual(try cardscan(["categories", "add", "Work", "--store", store]).status, 0)
        XCTAssertEqual(try cardscan(["cards", "add", "--name", "Badge", "--number", "W-1", "--category", "Work", "--store", store]).status, 0)
        let refused = try cardscan(["categories", "delete", "Work", "--store", store])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("--move-to"), refused.stderr)
        XCTAssertEqual(try cardscan(["categories", "delete", "Work", "--move-to", "Memberships", "--store", store]).status, 0)
        XCTAssertTrue(try cardscan(["categories", "list", "--store", store]).stdout.contains("Memberships (1)"))

        // Export and import round-trip every field; importing twice adds nothing.
        let export = (store as NSString).deletingLastPathComponent + "/export.json"
        XCTAssertEqual(try cardscan(["export", export, "--store", store]).status, 0)
        let exportPermissions = try FileManager.default.attributesOfItem(atPath: export)[.posixPermissions] as! NSNumber
        XCTAssertEqual(exportPermissions.intValue, 0o600, "the export holds health numbers")
        let other = (store as NSString).deletingLastPathComponent + "/other.db"
        XCTAssertTrue(try cardscan(["cards", "import", export, "--store", other]).stdout.contains("imported 5 card(s)"))
        XCTAssertTrue(try cardscan(["import-cards", export, "--store", other]).stdout.contains("imported 0 card(s); 5 already there"))
        let a = try cardscan(["cards", "list", "--json", "--store", store]).stdout
        let b = try cardscan(["cards", "list", "--json", "--store", other]).stdout
        XCTAssertEqual(a, b, "every field survives the round trip")

        // default and delete, by id prefix.
        let copyID = try cardscan(["cards", "search", "(copy)", "--store", store]).stdout
            .split(separator: "\n").first { $0.contains("(copy)") }.map { String($0.split(separator: " ").first { $0.count == 8 }!) }!
        XCTAssertEqual(try cardscan(["cards", "default", copyID, "--store", store]).status, 0)
        XCTAssertTrue(try cardscan(["cards", "list", "--category", "Healthcare", "--store", store]).stdout.contains("★ \(copyID)"))
        XCTAssertEqual(try cardscan(["cards", "delete", copyID, "--store", store]).status, 0)
        XCTAssertFalse(try cardscan(["cards", "list", "--store", store]).stdout.contains(copyID))
        XCTAssertEqual(try cardscan(["cards", "delete", "ffffffff", "--store", store]).status, 1)
    }

    /// A process killed in the middle of a batch of writes leaves a store that opens, with every committed card.
    func testKillDuringWritesLeavesAWorkingStore() throws {
        let store = try CardsCommandTests.scratchStore()
        XCTAssertEqual(try cardscan(["categories", "list", "--store", store]).status, 0)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", "for i in $(seq 1 200); do \"\(ScanCommandTests.binary)\" cards add --name \"Card $i\" --number \"N$i\" --category Memberships --store \"\(store)\" || exit 1; done"]
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        Thread.sleep(forTimeInterval: 1.5)
        kill(-p.processIdentifier, SIGKILL)  // the loop
        p.interrupt()
        // Kill whatever cardscan child is mid-write.
        let pkill = Process()
        pkill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        // Only this test's writers (its store is its own): CI runs other suites beside this one, and one of them
        // adds "Card A-1"… to another store at the same time.
        pkill.arguments = ["-KILL", "-f", "cards add --name Card .*--store \(store)"]
        try pkill.run(); pkill.waitUntilExit()
        p.waitUntilExit()
        let list = try cardscan(["cards", "list", "--json", "--category", "Memberships", "--store", store])
        XCTAssertEqual(list.status, 0, list.stderr)
        let names = list.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .compactMap { $0["name"] as? String }
        XCTAssertGreaterThan(names.count, 0, "some cards were committed before the kill")
        XCTAssertLessThan(names.count, 200, "the kill came mid-batch")
        // Committed cards are whole and in order: Card 1 … Card n with no gap.
        let numbers = Set(names.compactMap { Int($0.dropFirst(5)) })
        XCTAssertEqual(numbers, Set(1...numbers.count))
        XCTAssertEqual(try cardscan(["cards", "add", "--name", "After", "--number", "A1", "--category", "Memberships", "--store", store]).status, 0)
    }
}

final class ShowCommandTests: XCTestCase {
    /// For each code type: `cards add` → `show --png` → `cardscan scan` of that PNG gives the card's number back.
    func testEveryCodeTypeRoundTripsThroughAPicture() throws {
        let store = try CardsCommandTests.scratchStore()
        let dir = (store as NSString).deletingLastPathComponent
        let cases: [(name: String, number: String, category: String, codeType: String, expected: String)] = [
            ("NHS Number", "9990000018", "Healthcare", "code128", "9990000018"),
            ("Harbour Rewards", "5012345678900", "Loyalty Cards", "ean13", "5012345678900"),
            ("Jersey Health ID", "Name: Jordan Example, DOB: 14/07/1945, Address: 12 Example Road, St Helier, JE2 3AB", "Healthcare", "qrCode",
             "Name: Jordan Example, DOB: 14/07/1945, Address: 12 Example Road, St Helier, JE2 3AB"),
            ("Resident ID", "ID*EXAMPLE*TAYLOR*1990-01-31", "Memberships", "pdf417", "ID*EXAMPLE*TAYLOR*1990-01-31"),
            ("Island Gym", "GYM-0042-7781", "Memberships", "aztec", "GYM-0042-7781"),
            ("Patient band", "JE123456", "Healthcare", "dataMatrix", "JE123456"),
        ]
        for (index, c) in cases.enumerated() {
            let add = try ScanCommandTests.cardscan(["cards", "add", "--name", c.name, "--number", c.number, "--category", c.category,
                                                     "--code-type", c.codeType, "--no-validate", "--store", store])
            XCTAssertEqual(add.status, 0, add.stderr)
            let id = String(add.stdout.split(separator: " ")[1])
            let png = "\(dir)/card\(index).png"
            let show = try ScanCommandTests.cardscan(["show", id, "--png", png, "--store", store])
            XCTAssertEqual(show.status, 0, show.stderr)
            let scan = try ScanCommandTests.cardscan(["scan", "--json", "--no-ocr", png])
            let result = try JSONSerialization.jsonObject(with: Data(scan.stdout.utf8)) as! [String: Any]
            let texts = (result["items"] as! [[String: Any]]).map { $0["text"] as! String }
            XCTAssertTrue(texts.contains(c.expected), "\(c.codeType): scanned \(texts)")
        }
        let svg = try ScanCommandTests.cardscan(["show", "--category", "Loyalty Cards", "--svg", "\(dir)/card.svg", "--store", store])
        XCTAssertEqual(svg.status, 0, svg.stderr)
        let text = try String(contentsOfFile: "\(dir)/card.svg", encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("<?xml") && text.contains("Harbour Rewards") && text.contains("5012345678900"))
        let terminal = try ScanCommandTests.cardscan(["show", "--category", "Loyalty Cards", "--store", store])
        XCTAssertTrue(terminal.stdout.contains("█") && terminal.stdout.contains("Harbour Rewards"), terminal.stdout)
    }

    /// `show --category` puts the category's default first.
    func testCategoryShowsItsDefault() throws {
        let store = try CardsCommandTests.scratchStore()
        for (name, number, isDefault) in [("A card", "111", false), ("Default card", "222", true), ("B card", "333", false)] {
            XCTAssertEqual(try ScanCommandTests.cardscan(["cards", "add", "--name", name, "--number", number, "--category", "Memberships",
                                                          "--store", store] + (isDefault ? ["--default"] : [])).status, 0)
        }
        XCTAssertTrue(try ScanCommandTests.cardscan(["show", "--category", "Memberships", "--store", store]).stdout.hasPrefix("Default card"))
    }
}

final class WristbandCommandTests: XCTestCase {
    func testWristbandBecomesTheDefaultPatientIDAndIsUpdatedNextTime() throws {
        let store = try CardsCommandTests.scratchStore()
        XCTAssertEqual(try ScanCommandTests.cardscan(["cards", "add", "--name", "NHS Number", "--number", "9990000018", "--category",
                                                      "Healthcare", "--default", "--no-validate", "--store", store]).status, 0)
        let first = try ScanCommandTests.cardscan(["wristband", "\(ScanCommandTests.samples)/je-wristband-00.jpg", "--store", store])
        XCTAssertEqual(first.status, 0, first.stderr)
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(ScanCommandTests.samples)/je-wristband-00.json"))) as! [String: Any]
        let hospital = ((truth["barcodes"] as! [[String: Any]])[0]["text"] as! String).components(separatedBy: "\u{1D}91").last!
        let shown = try ScanCommandTests.cardscan(["show", "--category", "Healthcare", "--store", store])
        XCTAssertTrue(shown.stdout.hasPrefix("Jersey Patient ID") && shown.stdout.contains(hospital), "the wristband takes precedence: \(shown.stdout)")
        // A second band updates the same card rather than adding another.
        XCTAssertEqual(try ScanCommandTests.cardscan(["wristband", "\(ScanCommandTests.samples)/je-wristband-02.jpg", "--store", store]).status, 0)
        let list = try ScanCommandTests.cardscan(["cards", "list", "--json", "--category", "Healthcare", "--store", store])
        XCTAssertEqual(list.stdout.components(separatedBy: "Jersey Patient ID").count - 1, 1)
        let none = try ScanCommandTests.cardscan(["wristband", "\(ScanCommandTests.samples)/je-health-card-00.jpg", "--store", store])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("no wristband barcode"), none.stderr)
    }
}

final class ImportCommandTests: XCTestCase {
    /// A folder of copies of sample photos, with distractors among them.
    func photoFolder(_ names: [String], _ name: String = #function) throws -> String {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-import-\(getpid())-\(name.filter(\.isLetter))")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for n in names { try FileManager.default.copyItem(atPath: "\(ScanCommandTests.samples)/\(n).jpg", toPath: "\(dir)/\(n).jpg") }
        return dir
    }

    func testAutoAcceptSavesOnlyValidSuggestionsAndCountsAddUp() throws {
        let photos = ["gb-nhs-card-00", "gb-nhs-card-01", "loyalty-card-00", "distractor-card-00", "distractor-card-01",
                      "je-health-card-00"]
        let dir = try photoFolder(photos)
        _ = FileManager.default.createFile(atPath: "\(dir)/broken.jpg", contents: Data("not a photo".utf8))
        let store = try CardsCommandTests.scratchStore()
        let report = (store as NSString).deletingLastPathComponent + "/report.json"
        // No --no-validate: the NHS cards' numbers are in the test range (999), so they wait for review.
        let run = try ScanCommandTests.cardscan(["import", dir, "--accept", "auto", "--report", report, "--store", store])
        XCTAssertEqual(run.status, 3, "one photo was unreadable: \(run.stderr)")
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as! [String: Any]
        let imported = summary["imported"] as! Int, review = summary["review"] as! Int
        let duplicates = summary["duplicates"] as! Int, unreadable = summary["unreadable"] as! Int
        XCTAssertEqual(imported + review + duplicates + unreadable, summary["photos"] as! Int)
        XCTAssertEqual(summary["photos"] as! Int, 7)
        XCTAssertEqual(unreadable, 1)
        XCTAssertTrue(run.stderr.contains("broken.jpg"), run.stderr)
        // Distractors (a failing 10-digit number) are never saved.
        let perPhoto = summary["perPhoto"] as! [[String: Any]]
        for entry in perPhoto where (entry["source"] as! String).contains("distractor") {
            XCTAssertEqual(entry["outcome"] as? String, "review", "\(entry)")
        }
        // Issue 13 item 2: auto-accept refuses a test-range NHS number and says why in the report and the queue.
        let nhsEntries = perPhoto.filter { ($0["source"] as! String).contains("gb-nhs-card") }
        XCTAssertEqual(nhsEntries.count, 2)
        for entry in nhsEntries {
            XCTAssertEqual(entry["outcome"] as? String, "review", "\(entry)")
            XCTAssertEqual(entry["reason"] as? String, "the NHS number is in the NHS test range (999 xxx xxxx), which is never issued "
                           + "to a patient; pass --no-validate to keep a test number")
        }
        XCTAssertGreaterThan(imported, 0, "the loyalty card is still imported")
        let cards = try ScanCommandTests.cardscan(["cards", "list", "--json", "--store", store]).stdout.split(separator: "\n")
        XCTAssertEqual(cards.count, imported)
        XCTAssertFalse(cards.contains { $0.contains("\"valid\":false") })
        // Again: everything is already imported, nothing added.
        let again = try ScanCommandTests.cardscan(["import", dir, "--accept", "auto", "--store", store])
        XCTAssertTrue(again.stderr.contains("0 imported") && again.stderr.contains("\(imported + review) already imported"), again.stderr)
        XCTAssertEqual(try ScanCommandTests.cardscan(["cards", "list", "--json", "--store", store]).stdout.split(separator: "\n").count, imported)
        // The review queue: accept one with a pick, reject another.
        let queue = try ScanCommandTests.cardscan(["review", "--store", store]).stdout
        let ids = queue.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { String($0.prefix(10)) }
        XCTAssertEqual(ids.count, review)
        // Accepting a test number from the queue needs --no-validate too.
        let nhsID = queue.split(separator: "\n").first { $0.contains("gb-nhs-card-00") }.map { String($0.prefix(10)) }!
        let refusedAccept = try ScanCommandTests.cardscan(["review", "accept", nhsID, "--store", store])
        XCTAssertEqual(refusedAccept.status, 1, refusedAccept.stderr)
        XCTAssertTrue(refusedAccept.stderr.contains("pass --no-validate to keep a test number"), refusedAccept.stderr)
        let accepted = try ScanCommandTests.cardscan(["review", "accept", nhsID, "--no-validate", "--store", store])
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
        XCTAssertTrue(accepted.stdout.contains("NHS Number in Healthcare"), accepted.stdout)
        XCTAssertFalse(try ScanCommandTests.cardscan(["review", "--store", store]).stdout.contains(nhsID))
        let rejectID = ids.first { $0 != nhsID }!
        XCTAssertEqual(try ScanCommandTests.cardscan(["review", "reject", rejectID, "--store", store]).status, 0)
        XCTAssertFalse(try ScanCommandTests.cardscan(["review", "--store", store]).stdout.contains(rejectID))
        // A distractor's `Ref:` number is not offered as an NHS number at all (issue 16); a person who knows the
        // card types it in: refused while the number is wrong, saved once right.
        let listing = try ScanCommandTests.cardscan(["review", "--store", store]).stdout
        let distractor = listing.split(separator: "\n").first { $0.contains("distractor") }.map { String($0.prefix(10)) }!
        // (The sample NHS cards wait in the same queue, so only the distractors' suggestion lines are looked at.)
        let lines = listing.split(separator: "\n")
        let distractorSuggestions = lines.indices.filter { !lines[$0].hasPrefix(" ") && lines[$0].contains("distractor") }
            .flatMap { lines[($0 + 1)...].prefix { $0.hasPrefix(" ") } }
        XCTAssertFalse(distractorSuggestions.contains { $0.contains("NHS Number") }, listing)
        let nothingToPick = try ScanCommandTests.cardscan(["review", "edit", distractor, "--pick", "1", "--store", store])
        XCTAssertEqual(nothingToPick.status, 1, "no suggestion to pick on a distractor")
        let typedWrong = try ScanCommandTests.cardscan(["review", "edit", distractor, "--name", "NHS Number", "--number", "0072258945",
                                                        "--category", "Healthcare", "--store", store])
        XCTAssertEqual(typedWrong.status, 1, "an NHS number failing Modulus 11 is refused: \(typedWrong.stderr)")
        let typedTest = try ScanCommandTests.cardscan(["review", "edit", distractor, "--name", "NHS Number", "--number", "9990000018",
                                                       "--category", "Healthcare", "--store", store])
        XCTAssertEqual(typedTest.status, 1, "a test number typed in is refused as `cards add` refuses it: \(typedTest.stderr)")
        XCTAssertTrue(typedTest.stderr.contains("NHS test range"), typedTest.stderr)
        let fixed = try ScanCommandTests.cardscan(["review", "edit", distractor, "--name", "NHS Number", "--number", "9990000018",
                                                   "--category", "Healthcare", "--no-validate", "--store", store])
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertTrue(try ScanCommandTests.cardscan(["cards", "list", "--reveal", "--store", store]).stdout.contains("9990000018"))
        XCTAssertFalse(try ScanCommandTests.cardscan(["review", "--store", store]).stdout.contains(distractor))
    }

    /// SIGKILL in the middle of an import, then run it again: every photo recorded once, no duplicate cards.
    func testKilledImportResumesWithoutDuplicates() throws {
        let photos = (0..<8).map { "gb-nhs-card-0\($0)" } + ["loyalty-card-00", "loyalty-card-01", "loyalty-card-02", "loyalty-card-03"]
        let dir = try photoFolder(photos)
        let store = try CardsCommandTests.scratchStore()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ScanCommandTests.binary)
        // --no-validate: the samples' NHS numbers are test numbers, and this test needs them saved.
        p.arguments = ["import", dir, "--accept", "auto", "--no-validate", "--jobs", "1", "--store", store]
        var env = ProcessInfo.processInfo.environment
        env["OMP_THREAD_LIMIT"] = "1"
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        // Wait until a few photos are done, then kill it.
        var seen = ""
        let deadline = Date().addingTimeInterval(60)
        while seen.components(separatedBy: "\n").filter({ $0.hasPrefix("imported:") || $0.hasPrefix("review:") }).count < 3,
              Date() < deadline {
            seen += String(decoding: err.fileHandleForReading.availableData, as: UTF8.self)
        }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationReason, .uncaughtSignal)
        let rerun = try ScanCommandTests.cardscan(["import", dir, "--accept", "auto", "--no-validate", "--store", store])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertTrue(rerun.stderr.contains("already imported"), rerun.stderr)
        let third = try ScanCommandTests.cardscan(["import", dir, "--accept", "auto", "--no-validate", "--store", store])
        XCTAssertTrue(third.stderr.contains("\(photos.count) already imported"), "every photo recorded: \(third.stderr)")
        let cards = try ScanCommandTests.cardscan(["cards", "list", "--json", "--reveal", "--store", store]).stdout.split(separator: "\n")
        let numbers = cards.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.map { $0["number"] as! String }
        XCTAssertEqual(numbers.count, Set(numbers).count, "no card saved twice")
    }

    /// A decoder that aborts on one photo (the test-only switch CARDSCAN_TEST_WORKER_ABORT_ON kills its worker
    /// process) costs that photo only: it is reported unreadable with the signal, every other photo is imported
    /// exactly once, and a rerun without the fault imports it.
    func testAWorkerDyingMidBatchCostsOnlyItsPhoto() throws {
        try TestBuild.requireFaultSwitches()
        let photos = (0..<6).map { "gb-nhs-card-0\($0)" } + ["loyalty-card-00", "loyalty-card-01"]
        let dir = try photoFolder(photos)
        let store = try CardsCommandTests.scratchStore()
        let report = (store as NSString).deletingLastPathComponent + "/report.json"
        let run = try ScanCommandTests.cardscan(["import", dir, "--accept", "auto", "--no-validate", "--jobs", "2", "--report", report, "--store", store],
                                                environment: ["CARDSCAN_TEST_WORKER_ABORT_ON": "gb-nhs-card-03"])
        XCTAssertEqual(run.status, 3, run.stderr)
        XCTAssertTrue(run.stderr.contains("gb-nhs-card-03.jpg: the decoder crashed on this file (signal 6)"), run.stderr)
        XCTAssertFalse(run.stderr.contains("Registers"), "no crash dump (it could hold a health number)")
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as! [String: Any]
        let perPhoto = summary["perPhoto"] as! [[String: Any]]
        XCTAssertEqual(perPhoto.count, photos.count)
        for name in photos {
            let entries = perPhoto.filter { ($0["source"] as! String).hasSuffix("/\(name).jpg") }
            XCTAssertEqual(entries.count, 1, name)
            let outcome = entries.first?["outcome"] as? String
            if name == "gb-nhs-card-03" { XCTAssertEqual(outcome, "unreadable") } else { XCTAssertNotEqual(outcome, "unreadable", name) }
        }
        let firstCards = try ScanCommandTests.cardscan(["cards", "list", "--json", "--store", store]).stdout.split(separator: "\n").count
        XCTAssertEqual(firstCards, summary["imported"] as? Int)

        let rerun = try ScanCommandTests.cardscan(["import", dir, "--accept", "auto", "--no-validate", "--store", store])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertTrue(rerun.stderr.contains("1 imported") && rerun.stderr.contains("\(photos.count - 1) already imported"), rerun.stderr)
        let numbers = try ScanCommandTests.cardscan(["cards", "list", "--json", "--reveal", "--store", store]).stdout.split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.map { $0["number"] as! String }
        XCTAssertEqual(numbers.count, firstCards + 1)
        XCTAssertEqual(numbers.count, Set(numbers).count, "no card saved twice")
    }

    /// A worker that hangs on a photo (test-only CARDSCAN_TEST_WORKER_HANG_ON) is killed after the per-photo
    /// timeout; that photo is reported, the others are imported, and the import ends. The timeout must leave an
    /// ordinary photo room under ASan on a loaded CI machine: 4 s cut one short there, 8 s does not.
    func testAHangingWorkerIsKilledAndTheBatchGoesOn() throws {
        try TestBuild.requireFaultSwitches()
        let photos = ["gb-nhs-card-00", "gb-nhs-card-01", "loyalty-card-00"]
        let dir = try photoFolder(photos)
        let store = try CardsCommandTests.scratchStore()
        let start = Date()
        let run = try ScanCommandTests.cardscan(["import", dir, "--accept", "auto", "--no-validate", "--jobs", "2", "--store", store,
                                                 "--photo-timeout", "8"],
                                                environment: ["CARDSCAN_TEST_WORKER_HANG_ON": "gb-nhs-card-01"])
        XCTAssertEqual(run.status, 3, run.stderr)
        XCTAssertTrue(run.stderr.contains("gb-nhs-card-01.jpg: the decoder stopped responding on this file and was stopped"), run.stderr)
        XCTAssertTrue(run.stderr.contains("2 imported"), run.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(start), 60, "the hang was cut short")
    }
}
