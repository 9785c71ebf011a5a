import Foundation

/// A name line's last letter that PP-OCR's recogniser lost, put back from tesseract's reading of the same line:
/// the recogniser read `Rajesh Brow` where the band prints `Rajesh BROWN` and tesseract, reading the same crop,
/// read it whole. Taken only where tesseract read the line surely and the two readings hold the same words but
/// for the last, which tesseract read as the recogniser's with one letter more. One letter, not two. The rule
/// cannot tell a cut word from a whole one that tesseract read with a letter more (`Brown` as `Browne`); that is
/// why tesseract must have read the line surely, and why the dev sets are measured with and without it
/// (docs/read.md).
public enum CutLastLetter {
    /// Tesseract's line confidence from which its reading of the last word is taken.
    public static let sureReading = 0.9

    /// `first` with its last word as `other` reads it, when `other` (read at `confidence`) is `first` with one
    /// letter more at its end (letters compared without accents and case); nil otherwise.
    public static func mended(_ first: String, by other: String, confidence: Double) -> String? {
        guard confidence >= sureReading else { return nil }
        let mine = first.split(separator: " ").map(String.init), theirs = other.split(separator: " ").map(String.init)
        guard mine.count == theirs.count, let last = mine.last, let whole = theirs.last,
              zip(mine.dropLast(), theirs.dropLast()).allSatisfy({ LatinMarks.folded($0) == LatinMarks.folded($1) }),
              last.allSatisfy(\.isLetter), whole.allSatisfy(\.isLetter) else { return nil }
        let (cut, full) = (LatinMarks.folded(last), LatinMarks.folded(whole))
        guard cut.count >= 3, full.count == cut.count + 1, full.hasPrefix(cut) else { return nil }
        return (mine.dropLast() + [whole]).joined(separator: " ")
    }
}
