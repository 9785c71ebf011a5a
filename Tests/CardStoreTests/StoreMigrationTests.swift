import CardModel
@testable import CardStore
import Foundation
import XCTest

/// A store written by the first schema (cards and categories, before the import ledger) opened by this build:
/// every card, category and default survives the migration, and the review queue works.
final class StoreMigrationTests: XCTestCase {
    /// The first schema as it shipped (migration 1, frozen here: the code's copy must never change, and this one
    /// keeps the test honest if it does), with the rows a user of that version had.
    static let firstSchemaStore = """
        PRAGMA application_id = 1129532977;
        CREATE TABLE categories (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE);
        CREATE TABLE cards (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, number TEXT NOT NULL,
            category_id INTEGER NOT NULL REFERENCES categories(id),
            region TEXT, is_default INTEGER NOT NULL DEFAULT 0, code_type TEXT NOT NULL,
            created_at REAL NOT NULL, updated_at REAL NOT NULL);
        CREATE UNIQUE INDEX one_default_per_category ON cards(category_id) WHERE is_default = 1;
        INSERT INTO categories(name) VALUES ('Healthcare'), ('Loyalty Cards'), ('Memberships'), ('Insurance');
        INSERT INTO categories(name) VALUES ('Library');
        INSERT INTO cards VALUES
            ('6F1C2B4A-0000-4000-8000-000000000001', 'NHS Number', '9990000018', 1, 'GB', 1, 'code128', '1700000000.25', '1700000000.25'),
            ('6F1C2B4A-0000-4000-8000-000000000002', 'Jersey Patient ID', 'JE999001', 1, 'JE', 0, 'dataMatrix', '1700000100', '1700000200.5'),
            ('6F1C2B4A-0000-4000-8000-000000000003', 'Café Rewards', '5012345678900', 2, NULL, 1, 'ean13', '1700000300', '1700000300'),
            ('6F1C2B4A-0000-4000-8000-000000000004', 'Town Library', 'LIB-0042', 5, 'GG', 0, 'none', '1700000400', '1700000400');
        PRAGMA user_version = 1;
        """

    func testAFirstSchemaStoreKeepsEverythingAfterTheMigration() throws {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-migrate-\(getpid())")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = "\(dir)/cards.db"
        try SQLiteDatabase(path: path, create: true).execute(Self.firstSchemaStore)

        let store = try CardStore(path: path)
        XCTAssertEqual(try store.db.query("PRAGMA user_version").first?.first?.integer, Int64(CardStore.migrations.count))
        XCTAssertEqual(try store.categories().map(\.name), ["Healthcare", "Loyalty Cards", "Memberships", "Insurance", "Library"])
        XCTAssertEqual(try store.categories().map(\.cards), [2, 1, 0, 0, 1])
        let cards = try store.cards()
        func id(_ n: Int) -> UUID { UUID(uuidString: "6F1C2B4A-0000-4000-8000-00000000000\(n)")! }
        XCTAssertEqual(cards.map(\.id), [id(1), id(2), id(3), id(4)])
        XCTAssertEqual(cards.map(\.name), ["NHS Number", "Jersey Patient ID", "Café Rewards", "Town Library"])
        XCTAssertEqual(cards.map(\.number), ["9990000018", "JE999001", "5012345678900", "LIB-0042"])
        XCTAssertEqual(cards.map(\.category), ["Healthcare", "Healthcare", "Loyalty Cards", "Library"])
        XCTAssertEqual(cards.map(\.region), [.gb, .je, nil, .gg])
        XCTAssertEqual(cards.map(\.isDefault), [true, false, true, false])
        XCTAssertEqual(cards.map(\.codeType), [.code128, .dataMatrix, .ean13, .none])
        XCTAssertEqual(cards.map(\.createdAt.timeIntervalSince1970), [1_700_000_000.25, 1_700_000_100, 1_700_000_300, 1_700_000_400])
        XCTAssertEqual(cards[1].updatedAt.timeIntervalSince1970, 1_700_000_200.5)

        // The review queue (added by the second migration) starts empty and works; the old rules still hold.
        XCTAssertEqual(try store.reviewQueue().count, 0)
        try store.recordImport(hash: "0123456789abcdef-10", path: "/photos/card.jpg", status: .review, card: nil, suggestions: [],
                               reason: "review requested")
        XCTAssertEqual(try store.reviewQueue().map(\.path), ["/photos/card.jpg"])
        let (saved, created) = try store.save(CardCandidate(name: "Jersey Patient ID", number: "JE999002", category: "Healthcare",
                                                            region: .je, isDefault: true, codeType: .dataMatrix))
        XCTAssertFalse(created, "the wristband card is updated, not added again")
        XCTAssertEqual(saved.id, id(2))
        XCTAssertEqual(try store.cards(category: "Healthcare").filter(\.isDefault).map(\.id), [id(2)])
        // Opened again: nothing re-applied.
        XCTAssertEqual(try CardStore(path: path).cards().count, 4)
    }
}
