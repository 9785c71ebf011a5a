import CardModel

extension Postcode {
    /// The one postcode a line of two words can read as when each character may be its reading or any alternative
    /// the recogniser itself weighed there (`RecognizedItem.choices`) with confidence `leastChoice` or more: a
    /// letter where the code's shape wants a letter, a digit where it wants a digit. A Jersey card's `JE3 3EJ` read
    /// `JES 3EJ` had `3` weighed at 0.77 for the `S`, and no other digit: JE3 3EJ, where the digit table's S -> 5
    /// made a valid and wrong JE5. The recogniser's own doubt is evidence the table does not have.
    ///
    /// As the digit table's repair (`repaired`), only one reading may come out: every shape of the outward word and
    /// every alternative of each character that fits the shape are tried, and two different postcodes give none. A
    /// letter's `S11 9SS` read `Sit 98S` had `1` (0.48), `7` (0.43) and `2` (0.41) weighed for the `t` and `l` (0.22)
    /// for the `i`: S11, S17, S12 and SL1 all exist, so nothing is chosen. Nil too unless the line is two words (two to four characters, then
    /// three), the inward word was read starting with a digit, the words as read hold what the table asks of a line
    /// it repairs (two digits, or a Jersey or Guernsey outward code, or a whole one: `Sat 1st` is no postcode), and
    /// at least one and at most `mostChoices` characters come from alternatives.
    static func chosen(from words: [[[CharacterChoice]]]) -> Postcode? {
        guard words.count == 2, (2...4).contains(words[0].count), words[1].count == 3,
              words.allSatisfy({ $0.allSatisfy { !$0.isEmpty } }) else { return nil }
        let read = words.map { $0.map { $0[0].text }.joined() }
        guard let inwardFirst = read[1].first, inwardFirst.isASCII, inwardFirst.isNumber else { return nil }
        guard mayBeRepaired(outward: read[0], inward: read[1]) else { return nil }
        var found: [String: Int] = [:]
        for shape in outwardShapes where shape.count == words[0].count {
            guard let outward = readings(of: words[0], as: Array(shape)), let inward = readings(of: words[1], as: Array(inwardShape))
            else { continue }
            for o in outward {
                for n in inward where o.changes + n.changes <= mostChoices {
                    guard let postcode = Postcode(o.text + n.text) else { continue }
                    found[postcode.value] = min(found[postcode.value] ?? .max, o.changes + n.changes)
                    guard found.count == 1 else { return nil }
                }
            }
        }
        guard found.count == 1, let (value, changes) = found.first, changes >= 1 else { return nil }
        return Postcode(value)
    }

    /// A character's alternatives below this confidence are not taken.
    static let leastChoice = 0.2
    /// At most this many characters are taken from alternatives in one postcode.
    static let mostChoices = 3

    /// Every way the characters read as `shape` (`A` a capital letter, a letter read in lower case counting as its
    /// capital; `9` a digit) from their readings and alternatives, each with how many characters are not the
    /// reading's own; nil when a character has nothing of its kind, or when the ways are too many to be evidence.
    private static func readings(of characters: [[CharacterChoice]], as shape: [Character]) -> [(text: String, changes: Int)]? {
        var ways: [(text: String, changes: Int)] = [("", 0)]
        for (alternatives, want) in zip(characters, shape) {
            let read = alternatives[0].text.uppercased()
            var kinds: [String] = []
            for (k, choice) in alternatives.enumerated() where k == 0 || choice.confidence >= leastChoice {
                guard choice.text.count == 1, let c = choice.text.first, c.isASCII,
                      want == "9" ? c.isNumber : c.isLetter else { continue }
                let text = choice.text.uppercased()
                if !kinds.contains(text) { kinds.append(text) }
            }
            guard !kinds.isEmpty, ways.count * kinds.count <= 64 else { return nil }
            ways = ways.flatMap { way in kinds.map { (way.text + $0, way.changes + ($0 == read ? 0 : 1)) } }
        }
        return ways
    }
}
