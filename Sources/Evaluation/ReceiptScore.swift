import Foundation

/// The receipts set's scoring (`../shared/corpus/receipts-dev`, 120 receipt scans with typed key fields), as its
/// README says: whitespace-normalised upper-case text; date, total and company as substrings, an address when 80%
/// of its words are present. `ReceiptScanTests` holds cardscan to the tesseract CLI with it, and
/// `cardscan-bench score` reports a scan's hits.
public enum ReceiptScore {
    public static let fields = ["date", "address", "total", "company"]

    public static func normalised(_ text: String) -> String {
        text.uppercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Whether `text` (a receipt's whole reading) holds the key field's `value`.
    public static func hit(_ field: String, _ value: String, in text: String) -> Bool {
        let text = normalised(text), value = normalised(value)
        guard !value.isEmpty else { return false }
        if field != "address" { return text.contains(value) }
        let words = value.split(separator: " ")
        return Double(words.filter { text.contains($0) }.count) >= 0.8 * Double(words.count)
    }

    /// The key fields of the receipt at `image` (`img/NAME.jpg` → `key/NAME.json`), nil when it has none.
    public static func key(of image: String) -> [String: String]? {
        let folder = ((image as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let name = ((image as NSString).lastPathComponent as NSString).deletingPathExtension
        guard let data = FileManager.default.contents(atPath: "\(folder)/key/\(name).json") else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: String]
    }
}
