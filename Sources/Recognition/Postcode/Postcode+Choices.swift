import CardModel

extension Postcode {
    /// The one postcode a line of two words reads as when each character may be any alternative the recogniser
    /// itself weighed there (`RecognizedItem.choices`) with confidence `leastChoice` or more: a letter where the
    /// code's shape wants a letter, a digit where it wants a digit. tesseract read a letter's `S11 9SS` as `Sit 98S`
    /// with `1` its second choice for `i` and `t` and `S` its first for the `8` it printed; a Jersey card's
    /// `JE3 3EJ` as `JES 3EJ` with `3` its second choice for the `S`, where the digit table's `S`->`5` made a
    /// valid and wrong JE5. The recogniser's own doubt is evidence the table does not have.
    ///
    /// Nil unless: the line is two words (an outward code's two to four characters, an inward code's three), the
    /// inward word was read starting with a digit, at least one and at most `mostChoices` characters differ from
    /// the reading, and every shape the outward word could take gives the same postcode or none.
    static func chosen(from words: [[[CharacterChoice]]]) -> Postcode? {
        guard words.count == 2, (2...4).contains(words[0].count), words[1].count == 3,
              words.allSatisfy({ $0.allSatisfy { !$0.isEmpty } }),
              let inwardFirst = words[1][0].first?.text.first, inwardFirst.isASCII, inwardFirst.isNumber else { return nil }
        // Every shape's postcode counts against the others, one that needs no alternative too (`Sa1 2AB` is SA1 as
        // read and S11 with `a` taken as `1`: two postcodes, no choice).
        var found: [String: Int] = [:]
        for shape in outwardShapes where shape.count == words[0].count {
            guard let outward = pick(words[0], as: Array(shape)), let inward = pick(words[1], as: Array(inwardShape)),
                  outward.changes + inward.changes <= mostChoices,
                  let postcode = Postcode(outward.text + inward.text) else { continue }
            found[postcode.value] = min(found[postcode.value] ?? .max, outward.changes + inward.changes)
        }
        guard found.count == 1, let (value, changes) = found.first, changes >= 1 else { return nil }
        return Postcode(value)
    }

    /// A character's alternatives below this confidence are not taken.
    static let leastChoice = 0.2
    /// At most this many characters are taken from alternatives in one postcode.
    static let mostChoices = 3

    /// Each character as `shape` wants it (`A` a capital letter, a letter read in lower case counting as its
    /// capital; `9` a digit): the first alternative of that kind, and how many were not the reading's own.
    private static func pick(_ characters: [[CharacterChoice]], as shape: [Character]) -> (text: String, changes: Int)? {
        var text = "", changes = 0
        for (alternatives, want) in zip(characters, shape) {
            let read = alternatives[0].text.uppercased()
            guard let chosen = alternatives.first(where: { choice in
                guard choice.confidence >= leastChoice || choice.text == alternatives[0].text, choice.text.count == 1,
                      let c = choice.text.first, c.isASCII else { return false }
                return want == "9" ? c.isNumber : c.isLetter
            }) else { return nil }
            let c = chosen.text.uppercased()
            text += c
            if c != read { changes += 1 }
        }
        return (text, changes)
    }
}
