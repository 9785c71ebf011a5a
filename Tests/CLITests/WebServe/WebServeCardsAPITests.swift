import Foundation
import XCTest

/// The cards and categories API of `cardscan serve` does what `cardscan cards` and `cardscan categories` do, on
/// the same store: add (checked like `cards add`), list masked and grouped with the default first, search, reveal,
/// edit, duplicate, make default, delete; categories with counts; a card's code as a PNG that reads back.
final class WebServeCardsAPITests: XCTestCase {
    func testCardsAndCategoriesAsTheCLIHasThem() throws {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-web-cards-\(getpid())")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let store = "\(dir)/cards.db"
        let server = try ServeProcess(arguments: ["--store", store], environment: WebServeBrowserTests.neutralRegion)
        defer { server.stop() }
        func json(_ answer: RawHTTP.Response, _ status: Int, file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
            XCTAssertEqual(answer.status, status, answer.text, file: file, line: line)
            return answer.json ?? [:]
        }

        // The NHS test range is refused as `cards add` refuses it, and kept when the person says so.
        let refused = json(try server.call("POST", "/api/cards", json: #"{"name":"NHS Number","number":"9990000018","category":"Healthcare","region":"GB"}"#), 422)
        XCTAssertEqual((refused["error"] as? [String: Any])?["code"] as? String, "testNumber")
        let nhs = json(try server.call("POST", "/api/cards", json: #"{"name":"NHS Number","number":"9990000018","category":"Healthcare","region":"GB","skipValidation":true}"#), 201)
        let nhsID = try XCTUnwrap(nhs["id"] as? String)
        let gym = json(try server.call("POST", "/api/cards", json: #"{"name":"Gym","number":"GYM-0042","category":"Memberships"}"#), 201)
        let gymID = try XCTUnwrap(gym["id"] as? String)
        let demographics = #"Name: Sasha Imagin, DOB: 22/08/1940, Address: 12 Example Road, St Helier JE2 3AB"#
        let jersey = json(try server.call("POST", "/api/cards", json: #"{"name":"Jersey Health ID","number":"\#(demographics)","category":"Healthcare","region":"JE","codeType":"qrCode"}"#), 201)
        let jerseyID = try XCTUnwrap(jersey["id"] as? String)

        // The CLI sees the same store.
        let cli = try ScanCommandTests.cardscan(["cards", "list", "--json", "--reveal", "--store", store])
        XCTAssertEqual(cli.stdout.split(separator: "\n").count, 3, cli.stdout + cli.stderr)

        // Masked in lists, revealed one by one.
        var list = json(try server.call("GET", "/api/cards"), 200)
        var cards = list["cards"] as? [[String: Any]] ?? []
        XCTAssertEqual(cards.map { $0["name"] as? String }, ["Jersey Health ID", "NHS Number", "Gym"], "category order, then name")
        XCTAssertFalse(String(decoding: try JSONSerialization.data(withJSONObject: list), as: UTF8.self).contains("9990000018"))
        XCTAssertEqual(cards.first { $0["id"] as? String == nhsID }?["maskedNumber"] as? String, "999 *** 0018")
        XCTAssertEqual(cards.first { $0["id"] as? String == gymID }?["maskedNumber"] as? String, "GYM-0042", "a membership is not masked")
        XCTAssertEqual(json(try server.call("GET", "/api/cards/\(nhsID)"), 200)["number"] as? String, "9990000018")
        XCTAssertEqual(json(try server.call("GET", "/api/cards/\(nhsID.prefix(8))"), 200)["id"] as? String, nhsID, "an id prefix is enough")

        // Search by name or category.
        let byName = json(try server.call("GET", "/api/cards?q=gym"), 200)["cards"] as? [[String: Any]] ?? []
        XCTAssertEqual(byName.map { $0["id"] as? String }, [gymID])
        let byCategory = json(try server.call("GET", "/api/cards?q=health"), 200)["cards"] as? [[String: Any]] ?? []
        XCTAssertEqual(Set(byCategory.compactMap { $0["id"] as? String }), [nhsID, jerseyID])

        // Default: first in its category, one per category.
        XCTAssertEqual(json(try server.call("POST", "/api/cards/\(nhsID)/default"), 200)["isDefault"] as? Bool, true)
        list = json(try server.call("GET", "/api/cards"), 200)
        cards = list["cards"] as? [[String: Any]] ?? []
        XCTAssertEqual(cards.first?["id"] as? String, nhsID, "the default card first")
        XCTAssertEqual(json(try server.call("PUT", "/api/cards/\(jerseyID)", json: #"{"isDefault":true}"#), 200)["isDefault"] as? Bool, true)
        XCTAssertEqual(json(try server.call("GET", "/api/cards/\(nhsID)"), 200)["isDefault"] as? Bool, false, "one default per category")

        // Edit (checked), duplicate, delete.
        XCTAssertEqual(try server.call("PUT", "/api/cards/\(nhsID)", json: #"{"number":"9990000019"}"#).status, 422, "fails Modulus 11")
        // An edit checks the card again, as `cards edit` does: its test number is kept only when the person says so.
        XCTAssertEqual(try server.call("PUT", "/api/cards/\(nhsID)", json: #"{"name":"NHS Number (work)"}"#).status, 422)
        XCTAssertEqual(json(try server.call("PUT", "/api/cards/\(nhsID)", json: #"{"name":"NHS Number (work)","skipValidation":true}"#), 200)["name"] as? String, "NHS Number (work)")
        let copy = json(try server.call("POST", "/api/cards/\(gymID)/duplicate"), 201)
        XCTAssertEqual(copy["name"] as? String, "Gym (copy)")
        XCTAssertEqual(copy["number"] as? String, "GYM-0042")
        XCTAssertEqual(try server.call("DELETE", "/api/cards/\(try XCTUnwrap(copy["id"] as? String))").status, 200)

        // Categories with counts; one holding cards goes only with them or moved.
        XCTAssertEqual(try server.call("POST", "/api/categories", json: #"{"name":"Gym"}"#).status, 201)
        let categories = json(try server.call("GET", "/api/cards"), 200)["categories"] as? [[String: Any]] ?? []
        XCTAssertEqual(categories.map { "\($0["name"]!) \($0["cards"]!)" }, ["Healthcare 2", "Loyalty Cards 0", "Memberships 1", "Insurance 0", "Gym 0"])
        XCTAssertEqual(try server.call("DELETE", "/api/categories/Memberships").status, 409)
        XCTAssertEqual(try server.call("DELETE", "/api/categories/Memberships?moveTo=Gym").status, 200)
        XCTAssertEqual(json(try server.call("GET", "/api/cards/\(gymID)"), 200)["category"] as? String, "Gym")
        XCTAssertEqual(try server.call("DELETE", "/api/categories/Loyalty%20Cards").status, 200, "a name in a path is percent-decoded")
        let after = try server.call("GET", "/api/categories")
        let names = ((try? JSONSerialization.jsonObject(with: after.body)) as? [[String: Any]] ?? []).map { $0["name"] as? String ?? "" }
        XCTAssertEqual(names, ["Healthcare", "Insurance", "Gym"])
        XCTAssertEqual(try server.call("DELETE", "/api/categories/Gym?deleteCards=1").status, 200)
        XCTAssertEqual(try server.call("GET", "/api/cards/\(gymID)").status, 404)

        // Codes as `cardscan show` draws them: Code 128 for the NHS number, QR for the demographic string.
        for (id, expected, format) in [(nhsID, "9990000018", "CODE-128"), (jerseyID, demographics, "QR-CODE")] {
            let png = try server.call("GET", "/api/cards/\(id)/code.png")
            XCTAssertEqual(png.status, 200)
            XCTAssertEqual(png.headers["content-type"], "image/png")
            let file = "\(dir)/\(format).png"
            try png.body.write(to: URL(fileURLWithPath: file))
            let scan = try ScanCommandTests.cardscan(["scan", "--json", "--no-ocr", file])
            let result = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(scan.stdout.utf8)) as? [String: Any], scan.stderr)
            let items = result["items"] as? [[String: Any]] ?? []
            XCTAssertEqual(items.map { "\($0["format"] ?? "") \($0["text"] ?? "")" }, ["\(format) \(expected)"])
        }
        XCTAssertEqual(server.stop(), 0)
    }
}
