import CardModel

/// A name's letter that PP-OCR's recogniser read as one shape and weighed as another, where tesseract, reading the
/// same line, read the other: the recogniser read `RICHAROSON` (its `O` weighed 0.77 against `D` 0.21) where the
/// band prints `RICHARDSON` and tesseract read `RICHARDSON`. Two readers then hold the letter against the
/// recogniser's first choice alone, so tesseract's letter is taken. One letter a word, only a letter the
/// recogniser itself weighed there (`minimumWeight`), and only in the name's own words: the band's `Date of birth`
/// beside the name, read `Pate` by tesseract with `P` the recogniser's runner-up for `D`, stays `Date` (cards-dev2
/// 0077 read `JOAN Pate Robinson` before the name's words alone were mended).
public enum RunnerUpLetter {
    /// The least weight the recogniser must have given tesseract's letter at that place.
    public static let minimumWeight = 0.05

    /// `first` with each of its words in `nameWords` (compared as `LatinMarks.folded`, four letters or more) that a
    /// word of `other` reads with one letter otherwise, that letter among the recogniser's alternatives there
    /// (`choices`: per word, per character), spelt with `other`'s letter in `first`'s case; nil when nothing changes
    /// or the alternatives do not match the words.
    public static func mended(_ first: String, choices: [[[CharacterChoice]]]?, by other: String, nameWords: Set<String>) -> String? {
        var words = first.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard let choices, choices.count == words.count else { return nil }
        let theirs = other.split(separator: " ").map { Array(String($0)) }
        var changed = false
        for (w, word) in words.enumerated() {
            var letters = Array(word)
            guard letters.count >= 4, letters.allSatisfy(\.isLetter), choices[w].count == letters.count,
                  nameWords.contains(LatinMarks.folded(word)) else { continue }
            let upper = Array(word.uppercased())
            for read in theirs where read.allSatisfy(\.isLetter) {
                // Compared in capitals, letter by letter (a capital that is two letters, `ß`, matches nothing).
                let candidate = Array(String(read).uppercased())
                guard candidate.count == upper.count, upper.count == letters.count else { continue }
                let differing = upper.indices.filter { upper[$0] != candidate[$0] }
                guard differing.count == 1, let at = differing.first else { continue }
                let wanted = String(candidate[at])
                guard choices[w][at].contains(where: { $0.text.uppercased() == wanted && $0.confidence >= minimumWeight }) else { continue }
                // A capital where the rest of the word is in capitals (`RICHARDSON`) or as a name's first letter;
                // otherwise a small letter (`EIeanor`, its capital I for an l, is `Eleanor`).
                let restInCapitals = letters.indices.allSatisfy { $0 == at || letters[$0].isUppercase }
                letters[at] = Character(restInCapitals || at == 0 ? wanted : wanted.lowercased())
                words[w] = String(letters)
                changed = true
                break
            }
        }
        return changed ? words.joined(separator: " ") : nil
    }
}
