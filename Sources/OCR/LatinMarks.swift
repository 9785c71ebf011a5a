import Foundation

/// The accents and apostrophes of a name that PP-OCR's recogniser left out, put back from tesseract's reading of
/// the same line. The recogniser was trained mostly on Chinese: it reads `Sinéad` as `Sinead`, `NÍ BHRIAIN` as
/// `NI BHRIAIN`, `DELL'ANNO` as `DELLANNO` or `Dell Anno`, at a confidence as high as any. Tesseract's English model
/// reads those marks, and rarely makes up one that is not printed; so where the two readings hold the same letters
/// and tesseract's has marks the recogniser's lacks, the word is spelt as tesseract read it. Nothing else of
/// tesseract's reading is taken: a word it read otherwise (a slip of its own) leaves the recogniser's word as it is.
public enum LatinMarks {
    /// `first` with each word (or two words run apart where an apostrophe was: `Dell Anno`) whose letters, without
    /// accents and case, are those of a word of `other` that carries marks `first`'s lacks, spelt as in `other`;
    /// nil when nothing changes.
    public static func mended(_ first: String, by other: String) -> String? {
        let marked = other.split(separator: " ").map(String.init).filter(hasMarks)
        guard !marked.isEmpty else { return nil }
        var words = first.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var changed = false
        var i = 0
        while i < words.count {
            var done = false
            // Two words first (an apostrophe read as a space), then one.
            for span in [2, 1] where !done && i + span <= words.count {
                let run = words[i..<(i + span)]
                let (lead, core, trail) = trimmed(run.joined(separator: span == 2 ? "'" : ""))
                guard !core.isEmpty, !hasMarks(core) || span == 2 else { continue }
                let key = folded(core)
                guard key.count >= 2,
                      let match = marked.lazy.map(trimmed).first(where: { folded($0.core) == key && $0.core != core }) else { continue }
                // Two words are joined only where `other` read one word with an apostrophe between those letters.
                if span == 2, !match.core.contains(where: isApostrophe) { continue }
                words.replaceSubrange(i..<(i + span), with: [lead + match.core + trail])
                changed = true
                done = true
            }
            i += 1
        }
        return changed ? words.joined(separator: " ") : nil
    }

    /// A letter with a mark on it (`é`, `Í`, `ñ`) or an apostrophe between letters.
    static func hasMarks(_ word: String) -> Bool {
        let (_, core, _) = trimmed(word)
        return core.contains { $0.isLetter && !$0.isASCII } || core.contains(where: isApostrophe)
    }

    static func isApostrophe(_ c: Character) -> Bool { c == "'" || c == "’" }

    /// The letters alone, lower case, without their accents.
    public static func folded(_ word: String) -> String {
        word.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).filter(\.isLetter)
    }

    /// A word split into what stands before its first letter, its letters (with what is between them), and what
    /// stands after its last: `(DELL'ANNO,` -> `(`, `DELL'ANNO`, `,`.
    static func trimmed(_ word: String) -> (lead: String, core: String, trail: String) {
        guard let first = word.firstIndex(where: \.isLetter), let last = word.lastIndex(where: \.isLetter) else {
            return (word, "", "")
        }
        return (String(word[..<first]), String(word[first...last]), String(word[word.index(after: last)...]))
    }
}
