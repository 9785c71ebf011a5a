import CardModel
import Foundation
import Imaging

/// How good a reading is, and two readings as one: which holds more real text (card words, words cased as words,
/// dates), which way up reads, and lines merged without repeats.
extension TextReader {
    /// Two readings of one photo as one (`combined`, each scored by `quality`).
    public static func combined(_ a: Reading, _ b: Reading) -> Reading {
        combined(a, quality(a.lines), b, quality(b.lines))
    }

    /// Two readings of one photo as one: the lines of the one with more real text (`quality`; the first on a tie)
    /// first, then the other's that it lacks (`merged`), in the better one's orientation.
    static func combined(_ a: Reading, _ aQuality: Double, _ b: Reading, _ bQuality: Double) -> Reading {
        let (better, other) = bQuality > aQuality ? (b, a) : (a, b)
        return Reading(lines: merged(better.lines, other.lines), quarterTurns: better.quarterTurns,
                       deskewDegrees: better.deskewDegrees)
    }

    /// The lines of `first`, then those of `second` whose text `first` does not already hold (compared on letters
    /// and digits only, so the same words read with other spacing or punctuation are not listed twice). For
    /// tesseract's lines within one reading, and for two readings' lines in the photo's pixels alike. Where both
    /// hold a line's very characters, the surer reading of it stands, in the first's place: its spacing is the
    /// one the finders see (`999 81 7 2578` at 0.91 from a card's paper beside `999 817 2578` at 0.97 from the
    /// frame).
    static func merged<Read: HasText>(_ first: [Read], _ second: [Read]) -> [Read] {
        func key(_ text: String) -> String { String(text.uppercased().filter { $0.isLetter || $0.isNumber }) }
        let keys = first.map { key($0.text) }
        let known = keys.joined(separator: "|")
        var out = first
        for line in second {
            let k = key(line.text)
            guard !k.isEmpty else { continue }
            if let i = keys.firstIndex(of: k) {
                if line.confidence > out[i].confidence { out[i] = line }
            } else if !known.contains(k) {
                out.append(line)
            }
        }
        return out
    }

    /// Most words read are taller than wide: the text runs down the block (three or more such words, twice as
    /// many as run along it).
    static func readsSideways(_ lines: [TesseractEngine.Line]) -> Bool {
        var along = 0, down = 0
        for line in lines {
            for word in line.words where word.confidence >= 0.5 && word.text.filter(\.isLetter).count >= 3 {
                if word.box.bottom - word.box.top > word.box.right - word.box.left { down += 1 } else { along += 1 }
            }
        }
        return down >= 3 && down > 2 * along
    }

    /// How much real text a reading holds. Upside-down text still comes back from tesseract, sometimes with
    /// confidence, as fragments like "VeqQWNN" or "SHN": what it never gives is the words printed on cards, nor
    /// words cased as words are (Capitalised, lower or UPPER). Card words count most; plausibly cased words and
    /// digit groups count by their confidence.
    static func quality(_ lines: [TesseractEngine.Line]) -> Double {
        quality(words: lines.flatMap { $0.words.map { (text: $0.text, confidence: $0.confidence) } })
    }

    static func quality(_ lines: [Line]) -> Double {
        quality(words: lines.flatMap { $0.words.map { (text: $0.text, confidence: $0.confidence) } })
    }

    /// `quality`, counting as card words too a card word read with a zero for its O (`D.0.B`) and a date
    /// (`10-Jan-1997`, `22/08/1988`): read upside down, neither comes back. For choosing between the two ways up of
    /// a block that read as no text either way (`settled` false) only: as part of `quality` everywhere, these made
    /// readings convincing that had needed their flattened re-read, and cost names on small photos.
    static func wayUpEvidence(_ lines: [TesseractEngine.Line]) -> Double {
        quality(words: lines.flatMap { $0.words.map { (text: $0.text, confidence: $0.confidence) } }, forWayUp: true)
    }

    private static func quality(words: [(text: String, confidence: Double)], forWayUp: Bool = false) -> Double {
        words.reduce(0) { sum, word in
            let core = word.text.filter { $0.isLetter || $0.isNumber }
            guard core.count >= 2, word.confidence >= 0.5 else { return sum }
            if cardWords.contains(core.lowercased()) { return sum + 3 }
            if forWayUp {
                let slipped = String(core.lowercased().map { $0 == "0" ? "o" : $0 })
                if cardWords.contains(slipped) || isPrintedDate(word.text) { return sum + 3 }
            }
            if core.allSatisfy(\.isNumber) { return sum + word.confidence }
            guard core.allSatisfy(\.isLetter), core.count >= 3 else { return sum }
            let rest = core.dropFirst()
            let cased = rest.allSatisfy(\.isLowercase) || core.allSatisfy(\.isUppercase)
            let hasVowel = core.lowercased().contains { "aeiouy".contains($0) }
            return cased && hasVowel ? sum + word.confidence : sum
        }
    }

    /// A word that is a date as cards print one: day, month (digits or a month's name) and year, joined by `-`,
    /// `/` or `.` (trailing punctuation aside).
    static func isPrintedDate(_ word: String) -> Bool {
        func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
        let parts = word.trimmingCharacters(in: .punctuationCharacters).split(omittingEmptySubsequences: false) {
            $0 == "-" || $0 == "/" || $0 == "."
        }
        guard parts.count == 3, (1...2).contains(parts[0].count), parts[0].allSatisfy(isDigit),
              parts[2].count == 2 || parts[2].count == 4, parts[2].allSatisfy(isDigit) else { return false }
        let month = parts[1]
        if month.allSatisfy(isDigit) { return (1...2).contains(month.count) }
        return MonthNames.shortForms.contains(month.lowercased())
    }

    /// Words printed on the cards cardscan reads (labels, places, card titles).
    static let cardWords: Set<String> = [
        "name", "nhs", "number", "no", "dob", "date", "birth", "born", "address", "social", "security", "ssn",
        "health", "card", "medical", "hosp", "hospital", "patient", "tel", "phone", "expires", "expiry", "valid",
        "from", "states", "jersey", "guernsey", "member", "since", "points", "rewards", "library", "ref", "gp",
        "surgery", "road", "street", "lane", "avenue", "close", "st", "helier", "peter", "port", "the", "of",
    ]
}
