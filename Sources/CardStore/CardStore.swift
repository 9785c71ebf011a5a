import CardModel
import Foundation

/// The cards a person keeps: one SQLite file (WAL, every change in a transaction), created with mode 0600 in a
/// 0700 folder because it holds health identifiers. A file that is not a cardscan store, is newer than this build,
/// or is damaged is reported and never written to.
public final class CardStore {
    public let path: String
    let db: SQLiteDatabase

    /// `PRAGMA application_id` of every cardscan store ("CSN1"): how a store is told from another SQLite file.
    static let applicationID: Int64 = 0x4353_4E31
    static let migrations: [(name: String, sql: String)] = [
        ("createCategoriesAndCards", """
            CREATE TABLE categories (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE);
            CREATE TABLE cards (
                id TEXT PRIMARY KEY, name TEXT NOT NULL, number TEXT NOT NULL,
                category_id INTEGER NOT NULL REFERENCES categories(id),
                region TEXT, is_default INTEGER NOT NULL DEFAULT 0, code_type TEXT NOT NULL,
                created_at REAL NOT NULL, updated_at REAL NOT NULL);
            CREATE UNIQUE INDEX one_default_per_category ON cards(category_id) WHERE is_default = 1;
            INSERT INTO categories(name) VALUES ('Healthcare'), ('Loyalty Cards'), ('Memberships'), ('Insurance');
            """),
        ("createImports", """
            CREATE TABLE imports (
                hash TEXT PRIMARY KEY, path TEXT NOT NULL, status TEXT NOT NULL, card_id TEXT, suggestions TEXT,
                reason TEXT, created_at REAL NOT NULL);
            CREATE INDEX imports_by_status ON imports(status);
            """),
    ]

    /// The default location: `$XDG_DATA_HOME/cardscan/cards.db`, else `~/.local/share/cardscan/cards.db`;
    /// `CARDSCAN_STORE` overrides it.
    public static func defaultPath(_ settings: ProcessSettings) -> String { settings.storePath }

    public init(path: String) throws(StoreError) {
        self.path = path
        let fm = FileManager.default
        let size = (try? fm.attributesOfItem(atPath: path))?[.size] as? Int
        // A file we create now, or an empty one, may be set up; anything else must already be a cardscan store.
        let exists = fm.fileExists(atPath: path)
        let initialise = !exists || size == 0
        if !exists {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty && !fm.fileExists(atPath: folder) {
                do { try fm.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]) }
                catch { throw .cannotCreate(path: path, reason: "its folder could not be made") }
            }
            // Create the file 0600 before SQLite opens it, so it never exists with wider permissions.
            let fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
            guard fd >= 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
            close(fd)
        } else if let size, size > 0, let head = FileHandle(forReadingAtPath: path)?.readData(ofLength: 16),
                  head != Data("SQLite format 3\0".utf8) {
            throw .notACardscanStore(path: path)
        } else if let size, size > 0, size < 4096 {
            // Shorter than one page: a copy cut short. SQLite would take it for an empty database and set it up.
            throw .damaged(path: path, reason: "the file is shorter than one database page")
        }
        do {
            db = try SQLiteDatabase(path: path, create: false)
            try checkIdentity(initialise: initialise)
            try db.execute("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;")
            try migrate()
        } catch let StoreError.sqlite(code, _, _, _) where code & 0xFF == 26 /* SQLITE_NOTADB */ {
            throw .notACardscanStore(path: path)
        } catch let StoreError.sqlite(code, message, _, _) where code & 0xFF == 11 /* SQLITE_CORRUPT */ {
            throw .damaged(path: path, reason: message)
        }
        chmod(path, 0o600)
    }

    private func checkIdentity(initialise: Bool) throws(StoreError) {
        let appID = try db.query("PRAGMA application_id").first?.first?.integer ?? 0
        if initialise {
            try db.execute("PRAGMA application_id = \(Self.applicationID)")
        } else if appID != Self.applicationID {
            throw .notACardscanStore(path: path)
        } else {
            // An existing store is checked before anything is written to it (a copy cut short, a bad disk).
            let check = try db.query("PRAGMA quick_check").first?.first?.text ?? ""
            guard check == "ok" else { throw .damaged(path: path, reason: String(check.prefix(120))) }
        }
        let version = Int(try db.query("PRAGMA user_version").first?.first?.integer ?? 0)
        if version > Self.migrations.count {
            throw .newerThanThisBuild(path: path, version: version, known: Self.migrations.count)
        }
    }

    /// Named, append-only migrations, each in a transaction; `user_version` counts those applied.
    private func migrate() throws(StoreError) {
        let applied = Int(try db.query("PRAGMA user_version").first?.first?.integer ?? 0)
        for (index, migration) in Self.migrations.enumerated() where index >= applied {
            try db.write { () throws(StoreError) in
                try db.execute(migration.sql)
                try db.execute("PRAGMA user_version = \(index + 1)")
            }
        }
    }

    // MARK: Categories

    public func categories() throws(StoreError) -> [(name: String, cards: Int)] {
        try db.query("""
            SELECT c.name, (SELECT count(*) FROM cards WHERE category_id = c.id) FROM categories c ORDER BY c.id
            """).map { ($0[0].text ?? "", Int($0[1].integer ?? 0)) }
    }

    private func categoryID(_ name: String, create: Bool) throws(StoreError) -> Int64 {
        if let id = try db.query("SELECT id FROM categories WHERE name = ?", [.text(name)]).first?.first?.integer { return id }
        guard create else { throw .notFound("category '\(name)'") }
        try db.query("INSERT INTO categories(name) VALUES (?)", [.text(name)])
        return try db.query("SELECT id FROM categories WHERE name = ?", [.text(name)]).first!.first!.integer!
    }

    public func addCategory(_ name: String) throws(StoreError) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .invalid("a category needs a name") }
        try db.write { () throws(StoreError) in _ = try categoryID(trimmed, create: true) }
    }

    // MARK: Cards

    /// Saves a card. Making it the default of its category unsets the others in the same transaction.
    @discardableResult
    public func add(_ card: IDCard) throws(StoreError) -> IDCard {
        try db.write { () throws(StoreError) -> IDCard in try insert(card) }
    }

    /// Inserts inside the caller's transaction and returns the card as stored (its number compacted, the one place
    /// that is done); a default card unsets its category's other default first.
    @discardableResult
    func insert(_ card: IDCard) throws(StoreError) -> IDCard {
        var card = card
        card.number = IDCard.compacted(number: card.number)
        let category = try categoryID(card.category, create: true)
        if card.isDefault { try db.query("UPDATE cards SET is_default = 0 WHERE category_id = ?", [.integer(category)]) }
        try db.query("""
            INSERT INTO cards(id, name, number, category_id, region, is_default, code_type, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(card.id.uuidString), .text(card.name), .text(card.number), .integer(category),
                  card.region.map { .text($0.rawValue) } ?? .null, .integer(card.isDefault ? 1 : 0),
                  .text(card.codeType.rawValue), .text(String(card.createdAt.timeIntervalSince1970)),
                  .text(String(card.updatedAt.timeIntervalSince1970))])
        return card
    }

    public func cards(category: String? = nil) throws(StoreError) -> [IDCard] {
        var sql = """
            SELECT k.id, k.name, k.number, c.name, k.region, k.is_default, k.code_type, k.created_at, k.updated_at
            FROM cards k JOIN categories c ON c.id = k.category_id
            """
        var values: [SQLValue] = []
        if let category { sql += " WHERE c.name = ?"; values.append(.text(category)) }
        sql += " ORDER BY c.id, k.is_default DESC, k.name COLLATE NOCASE, k.created_at"
        return try db.query(sql, values).compactMap(Self.card(from:))
    }

    static func card(from row: [SQLValue]) -> IDCard? {
        guard let id = row[0].text.flatMap(UUID.init(uuidString:)) else { return nil }
        func date(_ v: SQLValue) -> Date { Date(timeIntervalSince1970: Double(v.text ?? "") ?? Double(v.integer ?? 0)) }
        return IDCard(id: id, name: row[1].text ?? "", number: row[2].text ?? "", category: row[3].text ?? "",
                      region: row[4].text.flatMap(Region.init(code:)), isDefault: row[5].integer == 1,
                      codeType: row[6].text.flatMap(CodeType.init(rawValue:)) ?? .none, createdAt: date(row[7]),
                      updatedAt: date(row[8]))
    }

    /// The card whose id starts with `prefix` (case-insensitive); an error when none or several do.
    public func card(idPrefix prefix: String) throws(StoreError) -> IDCard {
        let matches = try cards().filter { $0.id.uuidString.lowercased().hasPrefix(prefix.lowercased()) }
        guard !prefix.isEmpty, let first = matches.first else { throw .notFound("card with id \(prefix)") }
        guard matches.count == 1 else { throw .ambiguous(prefix, matches: matches.count) }
        return first
    }

    /// Cards whose name, number or category holds `text`, ignoring case and accents.
    public func search(_ text: String) throws(StoreError) -> [IDCard] {
        let needle = Self.fold(text)
        return try cards().filter {
            Self.fold($0.name).contains(needle) || Self.fold($0.number).contains(needle) || Self.fold($0.category).contains(needle)
        }
    }

    static func fold(_ s: String) -> String { s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }

    public func delete(idPrefix: String) throws(StoreError) {
        let card = try card(idPrefix: idPrefix)
        try db.write { () throws(StoreError) in _ = try db.query("DELETE FROM cards WHERE id = ?", [.text(card.id.uuidString)]) }
    }

    /// Replaces a card's fields (same id); keeps one default per category.
    public func update(_ card: IDCard) throws(StoreError) {
        _ = try db.write { () throws(StoreError) in try replace(card) }
    }

    /// Updates inside the caller's transaction; a default card unsets its category's other default first.
    @discardableResult
    func replace(_ card: IDCard) throws(StoreError) -> IDCard {
        var card = card
        card.number = IDCard.compacted(number: card.number)
        let category = try categoryID(card.category, create: true)
        if card.isDefault {
            try db.query("UPDATE cards SET is_default = 0 WHERE category_id = ? AND id != ?", [.integer(category), .text(card.id.uuidString)])
        }
        try db.query("""
            UPDATE cards SET name = ?, number = ?, category_id = ?, region = ?, is_default = ?, code_type = ?, updated_at = ?
            WHERE id = ?
            """, [.text(card.name), .text(card.number), .integer(category), card.region.map { .text($0.rawValue) } ?? .null,
                  .integer(card.isDefault ? 1 : 0), .text(card.codeType.rawValue),
                  .text(String(Date().timeIntervalSince1970)), .text(card.id.uuidString)])
        guard db.changes == 1 else { throw .notFound("card with id \(card.id.uuidString)") }
        return card
    }

    /// Deletes a category. Refused while it holds cards unless they move to `moveTo` or are deleted with it.
    public func deleteCategory(_ name: String, moveTo: String? = nil, deleteCards: Bool = false) throws(StoreError) {
        try db.write { () throws(StoreError) in
            let id = try categoryID(name, create: false)
            let count = try db.query("SELECT count(*) FROM cards WHERE category_id = ?", [.integer(id)]).first?.first?.integer ?? 0
            if count > 0 {
                if let moveTo {
                    let target = try categoryID(moveTo, create: true)
                    guard target != id else { throw .invalid("cannot move cards to the category being deleted") }
                    // The moved cards lose default status if the target has a default already.
                    try db.query("UPDATE cards SET is_default = 0 WHERE category_id = ? AND EXISTS (SELECT 1 FROM cards WHERE category_id = ? AND is_default = 1)",
                                 [.integer(id), .integer(target)])
                    try db.query("UPDATE cards SET category_id = ? WHERE category_id = ?", [.integer(target), .integer(id)])
                } else if deleteCards {
                    try db.query("DELETE FROM cards WHERE category_id = ?", [.integer(id)])
                } else {
                    throw .invalid("'\(name)' holds \(count) card(s): give --move-to OTHER or --delete-cards")
                }
            }
            try db.query("DELETE FROM categories WHERE id = ?", [.integer(id)])
        }
    }

    /// Adds every card whose id the store does not have yet; returns how many were added. Importing the same
    /// file twice adds nothing the second time.
    @discardableResult
    public func importCards(_ cards: [IDCard]) throws(StoreError) -> Int {
        try db.write { () throws(StoreError) -> Int in
            var added = 0
            for card in cards {
                let exists = try db.query("SELECT 1 FROM cards WHERE id = ?", [.text(card.id.uuidString)]).isEmpty == false
                if exists { continue }
                try insert(card)
                added += 1
            }
            return added
        }
    }

    /// A copy of a card under a new id, named "… (copy)", never a default (`cards duplicate`, the Cards page).
    @discardableResult
    public func duplicate(idPrefix: String) throws(StoreError) -> IDCard {
        let original = try card(idPrefix: idPrefix)
        return try add(IDCard(name: original.name + " (copy)", number: original.number, category: original.category,
                              region: original.region, isDefault: false, codeType: original.codeType))
    }

    /// Makes a card its category's default (and no other).
    public func makeDefault(idPrefix: String) throws(StoreError) {
        let card = try card(idPrefix: idPrefix)
        try db.write { () throws(StoreError) in
            let category = try categoryID(card.category, create: false)
            try db.query("UPDATE cards SET is_default = 0 WHERE category_id = ?", [.integer(category)])
            try db.query("UPDATE cards SET is_default = 1, updated_at = ? WHERE id = ?",
                         [.text(String(Date().timeIntervalSince1970)), .text(card.id.uuidString)])
        }
    }
}
