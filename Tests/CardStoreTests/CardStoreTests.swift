import CardModel
@testable import CardStore
import Foundation
import XCTest

/// A real SQLite file in a scratch folder for every test.
final class CardStoreTests: XCTestCase {
    var dir = ""
    var path: String { "\(dir)/private/cards.db" }

    override func setUpWithError() throws {
        dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-store-\(getpid())-\(name.filter(\.isLetter))")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func permissions(_ p: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: p)[.posixPermissions] as! NSNumber).intValue
    }

    func testNewStoreIsPrivateAndHasTheDefaultCategories() throws {
        let store = try CardStore(path: path)
        XCTAssertEqual(try permissions(path), 0o600)
        XCTAssertEqual(try permissions((path as NSString).deletingLastPathComponent), 0o700)
        XCTAssertEqual(try store.categories().map(\.name), ["Healthcare", "Loyalty Cards", "Memberships", "Insurance"])
        // Opening it again finds the same store (migrations are not re-applied).
        XCTAssertEqual(try CardStore(path: path).categories().count, 4)
    }

    func testOneDefaultPerCategoryAndPrefixIDs() throws {
        let store = try CardStore(path: path)
        let a = try store.add(IDCard(name: "NHS Number", number: "9990000018", category: "Healthcare", region: .gb, isDefault: true))
        let b = try store.add(IDCard(name: "Jersey Patient ID", number: "JE123456", category: "Healthcare", region: .je, isDefault: true))
        var healthcare = try store.cards(category: "Healthcare")
        XCTAssertEqual(healthcare.filter(\.isDefault).map(\.id), [b.id], "the newer default replaced the older")
        try store.makeDefault(idPrefix: String(a.id.uuidString.prefix(8)).lowercased())
        healthcare = try store.cards(category: "Healthcare")
        XCTAssertEqual(healthcare.filter(\.isDefault).map(\.id), [a.id])
        XCTAssertEqual(try store.card(idPrefix: String(b.id.uuidString.prefix(6))).number, "JE123456")
        XCTAssertThrowsError(try store.card(idPrefix: "zzzz"))
        try store.delete(idPrefix: String(b.id.uuidString.prefix(8)))
        XCTAssertEqual(try store.cards().count, 1)
    }

    func testSearchIgnoresCaseAndAccents() throws {
        let store = try CardStore(path: path)
        try store.add(IDCard(name: "Café Rewards", number: "5012345678900", category: "Loyalty Cards", codeType: .ean13))
        try store.add(IDCard(name: "Island Gym", number: "GYM-0042", category: "Memberships"))
        XCTAssertEqual(try store.search("cafe").map(\.name), ["Café Rewards"])
        XCTAssertEqual(try store.search("LOYALTY").map(\.name), ["Café Rewards"])
        XCTAssertEqual(try store.search("0042").map(\.name), ["Island Gym"])
    }

    func testForeignDamagedAndNewerFilesAreRefusedAndLeftUntouched() throws {
        try FileManager.default.createDirectory(atPath: "\(dir)/private", withIntermediateDirectories: true)
        // Not a database at all.
        let text = Data(String(repeating: "shopping list: eggs, milk\n", count: 20).utf8)
        _ = FileManager.default.createFile(atPath: path, contents: text)
        XCTAssertThrowsError(try CardStore(path: path)) { XCTAssertEqual($0 as? StoreError, .notACardscanStore(path: path)) }
        XCTAssertEqual(FileManager.default.contents(atPath: path), text)

        // Another application's SQLite database.
        try FileManager.default.removeItem(atPath: path)
        let other = try SQLiteDatabase(path: path, create: true)
        try other.execute("CREATE TABLE notes(x TEXT)")
        XCTAssertThrowsError(try CardStore(path: path)) { XCTAssertEqual($0 as? StoreError, .notACardscanStore(path: path)) }

        // A store from a newer cardscan.
        try FileManager.default.removeItem(atPath: path)
        _ = try CardStore(path: path)
        try SQLiteDatabase(path: path, create: false).execute("PRAGMA user_version = 99")
        XCTAssertThrowsError(try CardStore(path: path)) {
            XCTAssertEqual($0 as? StoreError, .newerThanThisBuild(path: path, version: 99, known: CardStore.migrations.count))
            XCTAssertTrue("\($0)".contains("update cardscan"))
        }

        // A store cut short (a failed copy): reported, the bytes left as they were.
        try FileManager.default.removeItem(atPath: path)
        do {
            let store = try CardStore(path: path)
            try store.add(IDCard(name: "NHS Number", number: "9990000018", category: "Healthcare"))
        }
        var full = try Data(contentsOf: URL(fileURLWithPath: path))
        // Cut to less than a page (a copy that stopped early) and, separately, to half.
        _ = FileManager.default.createFile(atPath: "\(dir)/stub.db", contents: Data(full.prefix(2048)))
        XCTAssertThrowsError(try CardStore(path: "\(dir)/stub.db")) { XCTAssertTrue("\($0)".contains("damaged"), "\($0)") }
        XCTAssertEqual(FileManager.default.contents(atPath: "\(dir)/stub.db")?.count, 2048)
        full = try Data(contentsOf: URL(fileURLWithPath: path))
        let cut = full.prefix(full.count / 2)
        _ = FileManager.default.createFile(atPath: "\(dir)/cut.db", contents: Data(cut))
        XCTAssertThrowsError(try CardStore(path: "\(dir)/cut.db").cards()) { error in
            XCTAssertTrue("\(error)".contains("cut.db"), "\(error)")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: "\(dir)/cut.db"), Data(cut))
    }

    func testErrorsNeverShowCardValues() throws {
        let store = try CardStore(path: path)
        try store.add(IDCard(name: "NHS Number", number: "9990000018", category: "Healthcare"))
        let duplicate = try store.cards()[0]
        XCTAssertThrowsError(try store.add(duplicate)) { error in
            XCTAssertFalse("\(error)".contains("9990000018"), "\(error)")
        }
    }
}
