import Foundation
import XCTest

/// Issue 13 through the real CLI on codes rendered by zint: a gym card's Mod-11-passing code is no NHS number, GS1
/// AIs parse by the specification (a medicine pack's AI 91 is no patient ID), and one wristband rule for
/// `wristband`, `camera --wristband` and the suggestions. Synthetic numbers only.
final class IdentifierRulesCLITests: XCTestCase {
    /// A GSRN: a made-up company prefix, the NHS test number 999 000 0018, and its GS1 check digit.
    static let gsrn = "500000099900000185"

    func render(_ symbology: Int, _ data: String, gs1: Bool = false, name: String) throws -> String {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-rules-\(getpid())")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = "\(dir)/\(name).png"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/zint")
        p.arguments = ["-b", String(symbology), "--scale=4", "-d", data, "-o", path] + (gs1 ? ["--gs1"] : [])
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "zint \(data)")
        return path
    }

    func suggestions(_ image: String, region: String) throws -> [[String: Any]] {
        let run = try ScanCommandTests.cardscan(["scan", "--json", "--no-ocr", "--region", region, image])
        let line = try XCTUnwrap(run.stdout.split(separator: "\n").first, run.stderr)
        let result = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        return result["suggestions"] as! [[String: Any]]
    }

    // Item 1: a Code 128 `5000000005` (passes Modulus 11) on its own is a membership code, never an NHS number.
    func testMembershipCodeIsNotAnNHSNumber() throws {
        let gym = try render(20, "5000000005", name: "gym")
        let s = try suggestions(gym, region: "GB")
        XCTAssertEqual(s.first?["type"] as? String, "membership")
        XCTAssertFalse(s.contains { $0["type"] as? String == "nhsNumber" }, "\(s)")
    }

    // Item 3: AI 3103 is four digits with a six-digit value; a medicine pack's AI 91 is no patient ID; a band's is.
    func testGS1PackAndBand() throws {
        let pack = try render(71, "[01]09501101530003[3103]000123[17]261231[10]ABC1[91]XYZ123", gs1: true, name: "pack")
        for region in ["GB", "JE"] {
            let s = try suggestions(pack, region: region)
            XCTAssertFalse(s.contains { ["jerseyPatientId", "hospitalNumber", "membership"].contains($0["type"] as? String) }, "\(region): \(s)")
        }
        let band = try render(71, "[8018]\(Self.gsrn)[91]H123456", gs1: true, name: "band")
        let je = try suggestions(band, region: "JE")
        XCTAssertEqual(je.first?["type"] as? String, "jerseyPatientId")
        XCTAssertEqual(je.first?["value"] as? String, "H123456")
        let gb = try suggestions(band, region: "GB")
        XCTAssertEqual(gb.first?["type"] as? String, "nhsNumber")
        XCTAssertEqual(gb.first?["value"] as? String, "9990000018")
        XCTAssertTrue(gb.contains { $0["type"] as? String == "hospitalNumber" && $0["value"] as? String == "H123456" }, "\(gb)")
        // A GSRN whose check digit fails gives neither an NHS number nor a patient ID.
        let badGSRN = String(Self.gsrn.dropLast()) + "6"
        let bad = try render(71, "[8018]\(badGSRN)[91]H123456", gs1: true, name: "badband")
        let badOut = try suggestions(bad, region: "JE")
        XCTAssertFalse(badOut.contains { ["jerseyPatientId", "nhsNumber"].contains($0["type"] as? String) }, "\(badOut)")
    }

    // Item 4: one rule. An AI 8018-only band saves its GSRN in `wristband`; a Code-128-only band is saved by
    // `wristband` and suggested by `camera --wristband` with the same card.
    func testOneWristbandRuleAcrossCommands() throws {
        let store = try CardsCommandTests.scratchStore()
        let gsrnOnly = try render(71, "[8018]\(Self.gsrn)", gs1: true, name: "gsrnonly")
        let saved = try ScanCommandTests.cardscan(["wristband", gsrnOnly, "--store", store])
        XCTAssertEqual(saved.status, 0, saved.stderr)
        var list = try ScanCommandTests.cardscan(["cards", "list", "--json", "--reveal", "--store", store]).stdout
        XCTAssertTrue(list.contains("\"number\":\"\(Self.gsrn)\""), list)

        let code128 = try render(20, "J123456", name: "band128")
        let again = try ScanCommandTests.cardscan(["wristband", code128, "--store", store])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("updated Jersey Patient ID"), again.stdout)
        list = try ScanCommandTests.cardscan(["cards", "list", "--json", "--reveal", "--store", store]).stdout
        let cards = list.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let band = cards.filter { $0["name"] as? String == "Jersey Patient ID" }
        XCTAssertEqual(band.count, 1, list)
        XCTAssertEqual(band.first?["number"] as? String, "J123456")
        XCTAssertEqual(band.first?["isDefault"] as? Bool, true)

        let live = try FakeCamera.cardscan(["camera", "--json", "--wristband", "--once", code128], environment: [:])
        XCTAssertEqual(live.status, 0, live.stderr + live.stdout)
        let suggestion = try XCTUnwrap(live.events("suggestion").first?["suggestion"] as? [String: Any], live.stdout)
        XCTAssertEqual(suggestion["type"] as? String, "jerseyPatientId")
        XCTAssertEqual(suggestion["value"] as? String, "J123456")
        XCTAssertEqual((suggestion["card"] as? [String: Any])?["isDefault"] as? Bool, true)
        // Without --wristband the same code is a membership card's number.
        let plain = try ScanCommandTests.cardscan(["scan", "--json", "--no-ocr", "--region", "JE", code128]).stdout
        XCTAssertTrue(plain.contains("\"type\":\"membership\""), plain)
    }
}
