import CardModel
import Foundation

/// What a batch import did with each photo, kept in the store so an interrupted import resumes where it stopped
/// and a photo imported once (same content) is never imported twice. Photos waiting for a person are the review
/// queue.
extension CardStore {
    public enum ImportStatus: String, Sendable { case imported, review, rejected, unreadable }

    public struct ImportRecord: Sendable {
        public let hash: String
        public let path: String
        public let status: ImportStatus
        public let cardID: UUID?
        /// The suggestions offered (JSON), for the review queue.
        public let suggestions: [Suggestion]
        public let reason: String?
    }

    /// The record for a photo's content, if it was seen before.
    public func importRecord(hash: String) throws(StoreError) -> ImportRecord? {
        try db.query("SELECT hash, path, status, card_id, suggestions, reason FROM imports WHERE hash = ?", [.text(hash)])
            .first.map(Self.record(from:))
    }

    static func record(from row: [SQLValue]) -> ImportRecord {
        let suggestions = row[4].text.flatMap { try? JSONDecoder().decode([Suggestion].self, from: Data($0.utf8)) } ?? []
        return ImportRecord(hash: row[0].text ?? "", path: row[1].text ?? "", status: ImportStatus(rawValue: row[2].text ?? "") ?? .review,
                            cardID: row[3].text.flatMap(UUID.init(uuidString:)), suggestions: suggestions, reason: row[5].text)
    }

    /// Records a photo's outcome, saving `card` in the same transaction when there is one: a photo is either
    /// imported with its card or not at all, whatever stops the process.
    public func recordImport(hash: String, path: String, status: ImportStatus, card: IDCard?, suggestions: [Suggestion],
                             reason: String?) throws(StoreError) {
        let json = (try? JSONEncoder().encode(suggestions)).map { String(decoding: $0, as: UTF8.self) }
        try db.write { () throws(StoreError) in
            if let card { try insert(card) }
            try db.query("""
                INSERT OR REPLACE INTO imports(hash, path, status, card_id, suggestions, reason, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [.text(hash), .text(path), .text(status.rawValue), card.map { .text($0.id.uuidString) } ?? .null,
                      json.map { .text($0) } ?? .null, reason.map { .text($0) } ?? .null,
                      .text(String(Date().timeIntervalSince1970))])
        }
    }

    /// Photos waiting for a person.
    public func reviewQueue() throws(StoreError) -> [ImportRecord] {
        try db.query("SELECT hash, path, status, card_id, suggestions, reason FROM imports WHERE status = 'review' ORDER BY created_at")
            .map(Self.record(from:))
    }

    /// The queued photo whose hash starts with `prefix`.
    public func queued(_ prefix: String) throws(StoreError) -> ImportRecord {
        let matches = try reviewQueue().filter { $0.hash.hasPrefix(prefix.lowercased()) }
        guard !prefix.isEmpty, let first = matches.first else { throw .notFound("queued photo \(prefix)") }
        guard matches.count == 1 else { throw .ambiguous(prefix, matches: matches.count) }
        return first
    }
}

/// A content fingerprint for photos: FNV-1a (64 bit) over the bytes, with the length. Not cryptographic: it
/// tells one photo file from another in a clinic's batch (no package dependencies for SHA here).
public enum ContentHash {
    public static func of(file path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var length = 0
        while let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty {
            for byte in chunk { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            length += chunk.count
        }
        return String(format: "%016llx-%llx", hash, length)
    }
}
