import CardModel

/// Which printed lines deserve a second, closer look: a line that carries an identifier's label but whose card
/// gave no valid value of that kind, and a line cut short after a postcode's first half. OCR that read `NHS Number:` and then `650` and lost the rest, or read the
/// date of birth as `26/1O/I948` past repair, has told us where the value is; reading that spot again at another
/// scale is cheap, and validation (Modulus 11, a plausible date) decides whether the new reading is better.
public enum RereadPlanner {
    /// At most this many lines per image are read again (each costs a small OCR call).
    public static let limit = 3

    /// Ids of text items to read again, most important first.
    public static func lines(items: [RecognizedItem], suggestions: [Suggestion]) -> [String] {
        let found = Set(suggestions.filter(\.valid).map(\.type))
        var wanted: [String] = []
        for (kind, labels) in [(SuggestionKind.nhsNumber, NHSClassifier.nhsLabels), (.dateOfBirth, birthLabels)]
        where !found.contains(kind.rawValue) {
            for item in items where item.kind == .text {
                let lower = item.text.lowercased()
                if !NHSClassifier.labels(labels, in: lower).isEmpty, !wanted.contains(item.id) { wanted.append(item.id) }
            }
        }
        // A line that ends in a postcode's outward code, read whole (`St Sampson GY2`), on a card where no postcode
        // was read: tesseract drops a line's last word beside the edge of a block (the inward code `4PR` of a card
        // photographed on granite, read whole once the block was cut a few pixels narrower).
        if !found.contains(SuggestionKind.postcode.rawValue) {
            for item in items where item.kind == .text && !wanted.contains(item.id) {
                if let last = Postcode.tokens(of: item.text).last, Postcode.isWholeOutward(last) { wanted.append(item.id) }
            }
        }
        return Array(wanted.prefix(limit))
    }

    static let birthLabels = ["dob", "d.o.b", "d.o.b.", "date of birth", "born", "birth"]
}
