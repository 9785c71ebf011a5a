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
        var wanted: [RecognizedItem] = []
        // One reread for each stretch of print (`sameLine`): OCR's passes read a line several times (`Date of
        // Birth 19-Oct`, `Date of Birth 19-¢`…), and three rereads of one line left a Guernsey card's cut-short
        // number unread.
        func want(_ item: RecognizedItem) {
            guard !wanted.contains(where: { $0.id == item.id || sameLine($0.bounds, item.bounds) }) else { return }
            wanted.append(item)
        }
        let text = items.filter { $0.kind == .text }
        for (kind, labels) in [(SuggestionKind.nhsNumber, Labels.nhsNumber), (.dateOfBirth, Labels.dateOfBirthToReread)]
        where !found.contains(kind) {
            for item in text where !NHSClassifier.labels(labels, in: item.text.lowercased()).isEmpty { want(item) }
        }
        // A social security label or a JY/GY prefix with no valid number of the islands (or a NINO) on the card:
        // the number was cut short at the block's edge (`Contribution No GY 5i` under glare) or read past repair.
        if found.isDisjoint(with: [SuggestionKind.jerseySocialSecurity, .guernseySocialSecurity, .nationalInsurance]) {
            for item in text where holdsSocialSecurityLabel(item.text) { want(item) }
        }
        // A line that ends in a postcode's outward code, read whole (`St Sampson GY2`), on a card where no postcode
        // was read: tesseract drops a line's last word beside the edge of a block (the inward code `4PR` of a card
        // photographed on granite, read whole once the block was cut a few pixels narrower).
        if !found.contains(.postcode) {
            for item in text {
                if let last = Postcode.tokens(of: item.text).last, Postcode.isWholeOutward(last) { want(item) }
            }
        }
        // No valid name, and lines shaped like one: the first reader slipped on a letter of it (`CHRTSTOPHER`, which no
        // given name list holds) or ran its words together (`MEGANMORGAN`); the other reader reads the line again.
        // The `SURNAME, Given` form first, then lines in capitals, then the rest.
        if !found.contains(.name) {
            let shaped = text.filter { nameShaped($0.text) }
            for item in shaped.sorted(by: { nameShapeRank($0.text) < nameShapeRank($1.text) }) { want(item) }
        }
        return Array(wanted.prefix(limit).map(\.id))
    }

    /// How a line is looked at again.
    public enum Look: Sendable, Equatable {
        /// By the reader that did not read it first, on the line's own crop: a slip one reader makes (`28-Ju-1942`,
        /// `CHRTSTOPHER`) the other rarely makes the same way, and a line costs it 10-15 ms.
        case otherReader
        /// Closer: widened along and down to the next line, at two print sizes, as a block (`TextReader.reread`).
        case closer
    }

    /// One line of the plan, with the looks it gets, in order.
    public struct Reread: Sendable, Equatable {
        public let id: String
        public let looks: [Look]
        public init(id: String, looks: [Look]) { self.id = id; self.looks = looks }
    }

    /// The reading plan for a frame: what to read again and how, most important first. The pipeline carries it out
    /// once (`FramePipeline.textItems`). The lines `lines` chooses get both looks; a line holding a date's shape
    /// that is no date (`DOB 28-Ju-1942`), on a card where no date of birth was read, is read by the other reader
    /// (at most `limit` of those more).
    public static func plan(items: [RecognizedItem], suggestions: [Suggestion]) -> [Reread] {
        var plan = lines(items: items, suggestions: suggestions).map { Reread(id: $0, looks: [.otherReader, .closer]) }
        guard !suggestions.contains(where: { $0.valid && $0.type == .dateOfBirth }) else { return plan }
        let planned = Set(plan.map(\.id))
        let broken = items.filter { $0.kind == .text && !planned.contains($0.id) && holdsDateShape($0.text) }
        plan += broken.prefix(limit).map { Reread(id: $0.id, looks: [.otherReader]) }
        return plan
    }

    /// Whether `line` holds something printed as a date: a day (with or without an ordinal's two letters, read
    /// right or not: `16th`, `16ln`), a month (digits, or two to nine letters: `Ju`, `Jar`, `March`) and a year
    /// (two to four digits, `O`, `I`, `l` allowed where a digit was misread, but a digit first in day and year),
    /// with `-`, `/`, `.` or a space between, and nothing a date of birth would take out of it here (the caller
    /// asks only when none was read). The ordinal and the long month are how wristbands and banners print a birth
    /// date (`Born on: 16th Jan 1967`, `Born 12th March 1987`); without them such a line read with a slip
    /// (`Bo:n or: 16ln Jar 1967`) was never read by the other reader.
    static func holdsDateShape(_ line: String) -> Bool {
        line.firstMatch(of: dateShape) != nil
    }

    nonisolated(unsafe) private static let dateShape = try! Regex(#"(^|[^0-9])([0-9][0-9OoIl]?|[OoIl][0-9])([A-Za-z]{2})?[-/. ]{1,2}([0-9OoIl]{1,2}|[A-Za-z]{2,9})[-/. ]{1,2}[0-9][0-9OoIl]{1,3}($|[^0-9])"#)

    /// A line that could be a person's name as printed: letters only (with `'`, `-`, `.` and a comma), two to four
    /// words with at least six letters, or one word of nine capitals or more (two names run together: a place's name,
    /// `Guernsey`, is no reason to read a line again), and not a label.
    static func nameShaped(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let allowed = trimmed.allSatisfy { $0.isLetter || " ,'-.’".contains($0) }
        let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "," }).filter { $0.contains(where: \.isLetter) }
        let letters = trimmed.filter(\.isLetter)
        let shaped = (2...4).contains(words.count) && letters.count >= 6
            || words.count == 1 && letters.count >= 9 && letters == letters.uppercased()
        return allowed && shaped && !NameFinder.isLabelLine(trimmed)
    }

    /// 0 for `SURNAME, Given`, 1 for a line in capitals, 2 otherwise.
    static func nameShapeRank(_ line: String) -> Int {
        if line.contains(",") { return 0 }
        let letters = line.filter(\.isLetter)
        return letters == letters.uppercased() ? 1 : 2
    }


    /// A social security label, or a word `JY` or `GY` followed by a digit (`GY 5i`, `JY 12`) or by three glued
    /// to it (`GY359`); not a Guernsey postcode (`GY2`, `GY 10 3QH`).
    static func holdsSocialSecurityLabel(_ line: String) -> Bool {
        if SocialSecurityClassifier.isLabel(line) { return true }
        guard Postcode.matches(in: line).isEmpty else { return false }
        let words = line.split(separator: " ")
        return zip(words, words.dropFirst()).contains { word, next in
            ["JY", "GY"].contains(String(word)) && next.first.map(DigitRepair.isDigit) == true
        } || words.contains { ["JY", "GY"].contains(String($0.prefix(2))) && $0.dropFirst(2).prefix(3).filter(DigitRepair.isDigit).count == 3 }
    }

    /// Two readings of one stretch of print, which a reread would cut the same crop for: their boxes' overlap is
    /// most of both (intersection over union 0.7). A reading of part of a line is not one (`NHS. 999 960 4995` in
    /// an addressograph row `DOB … NHS …`): read again from where it starts, it gave the number the row's
    /// rereads missed.
    static func sameLine(_ a: Quad, _ b: Quad) -> Bool {
        let shared = a.overlapArea(b)
        return shared > 0 && Double(shared) >= 0.7 * Double(max(1, a.boxArea + b.boxArea - shared))
    }
}
