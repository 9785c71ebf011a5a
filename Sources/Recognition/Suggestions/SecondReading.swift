import CardModel

/// Whether a frame's text, read line by line where the learned detector found lines, should be read a second way
/// (tesseract's layout analysis with its rescues) before suggestions are made: when the lines were read unsurely,
/// or a label was read without a valid value of its kind anywhere on the card.
///
/// Why a rule and not always: the layout path costs more than the lines themselves (cards-dev2: 158 s against
/// ~90 s for 120 photos) and adds fields on a minority of photos. Simulated on both dev sets from a lines-only and
/// a both-ways run (README, "Lines first"), this rule sent 30 of cards-dev's 120 photos and 55 of cards-dev2's the
/// second way and kept every field both ways read but one hospital number.
public enum SecondReading {
    /// The lines' confidence (tesseract's, weighted by letters and digits read) under which the text is read again:
    /// blurred, dim and small print reads at 0.5-0.75; a sharp card at 0.85-0.95. At 0.7 the simulation sent 24 and
    /// 44 photos and lost a postcode, a Jersey and a Guernsey number more.
    /// That is tesseract's scale: PP-OCR's recogniser is surer of the same print (0.9-0.99 on a sharp card), and its
    /// lines are read the second way under 0.9 (`TextReader.sureText`): at 0.8 cards-dev lost a name and a date of
    /// birth the layout path had read, at 0.9 none, for more layout reads.
    public static let sureText = 0.8

    public static func wanted(items: [RecognizedItem], suggestions: [Suggestion], sureText: Double = sureText) -> Bool {
        let text = items.filter { $0.kind == .text }
        return confidence(text) < sureText || !unreadLabels(text: text, suggestions: suggestions).isEmpty
    }

    /// The text's confidence, each item weighted by its letters and digits (0 without any).
    public static func confidence(_ text: [RecognizedItem]) -> Double {
        let weights = text.map { Double($0.text.filter { $0.isLetter || $0.isNumber }.count) }
        let total = weights.reduce(0, +)
        return total == 0 ? 0 : zip(text, weights).reduce(0) { $0 + $1.0.confidence * $1.1 } / total
    }

    /// The kinds whose label was read but whose value was not (no valid suggestion of that kind on the card).
    public static func unreadLabels(text: [RecognizedItem], suggestions: [Suggestion]) -> [SuggestionKind] {
        let found = Set(suggestions.filter(\.valid).map(\.type))
        let lower = text.map { $0.text.lowercased() }
        func labelled(_ labels: [String]) -> Bool { lower.contains { !NHSClassifier.labels(labels, in: $0).isEmpty } }
        var unread: [SuggestionKind] = []
        if !found.contains(.nhsNumber), labelled(Labels.nhsNumber) { unread.append(.nhsNumber) }
        if !found.contains(.dateOfBirth), labelled(Labels.dateOfBirthToReread) { unread.append(.dateOfBirth) }
        if !found.contains(.hospitalNumber), labelled(Labels.hospitalNumber) { unread.append(.hospitalNumber) }
        if found.isDisjoint(with: [.postcode, .address]), labelled(["address"]) { unread.append(.postcode) }
        if found.isDisjoint(with: [.jerseySocialSecurity, .guernseySocialSecurity, .nationalInsurance]),
           text.contains(where: { RereadPlanner.holdsSocialSecurityLabel($0.text) }) {
            unread.append(.jerseySocialSecurity)
        }
        return unread
    }
}
