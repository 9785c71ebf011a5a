import Foundation

/// The cards export file (`cardscan export`, `cardscan import-cards`): a JSON list of cards, dates in ISO 8601.
public enum CardExport {
    public struct NotAnExport: Error, Sendable {}

    public static func encode(_ cards: [IDCard], pretty: Bool = true) throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        e.dateEncodingStrategy = .iso8601
        return try e.encode(cards)
    }

    /// The cards of an export file; throws `NotAnExport` for anything else (the caller names the file).
    public static func decode(_ data: Data) throws(NotAnExport) -> [IDCard] {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .iso8601
        do { return try d.decode([IDCard].self, from: data) } catch { throw NotAnExport() }
    }
}
