/// Finds NHS/CHI/H&C numbers in OCR text: `943 476 5919`, `943-476-5919` or `9434765919` (or `943476 5919`,
/// a gap lost).
///
/// OCR digit slips are repaired from `DigitRepair`'s table, at most two characters, inside a run that is otherwise
/// digits, and only when exactly one repair passes Modulus 11: a repair never turns an invalid reading into a guess.
public enum NHSNumberFinder {
    public struct Match: Hashable, Sendable {
        public let number: NHSNumber
        /// True when OCR slips were corrected to reach this number.
        public let repaired: Bool
        /// Printed in the `3 3 4` grouping (`943 476 5919` or `943-476-5919`), as NHS numbers are.
        public let grouped: Bool
        /// Where it is in the text (character offsets), so a caller can look at what is printed around it.
        public let range: Range<Int>

        public init(number: NHSNumber, repaired: Bool, grouped: Bool = false, range: Range<Int> = 0..<0) {
            self.number = number; self.repaired = repaired; self.grouped = grouped; self.range = range
        }
    }

    /// At most this many characters are repaired in one number.
    public static let maxRepairs = 2

    public static func find(in text: String) -> [Match] {
        let chars = Array(text)
        var matches: [Match] = []
        var i = 0
        let isDigit = DigitRepair.isDigit, isDigitLike = DigitRepair.isDigitLike
        while i < chars.count {
            // A number starts where a digit-like character follows something that is not a digit or a letter
            // run (so "ABC1234567890" or "12345678901" are not taken apart).
            guard isDigitLike(chars[i]), i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber) else { i += 1; continue }
            if let (raw, end, grouped) = group(chars, from: i, isDigitLike: isDigitLike) {
                let afterOK = end == chars.count || !(chars[end].isNumber || chars[end].isLetter)
                let realDigits = raw.filter(isDigit).count
                if afterOK, realDigits >= 10 - maxRepairs {
                    if realDigits == 10, let number = NHSNumber(digits: String(raw)) {
                        matches.append(Match(number: number, repaired: false, grouped: grouped, range: i..<end))
                    } else {
                        let valid = DigitRepair.repairs(of: raw).compactMap { NHSNumber(digits: $0) }.filter(\.passesModulus11)
                        if valid.count == 1 {
                            matches.append(Match(number: valid[0], repaired: true, grouped: grouped, range: i..<end))
                        }
                    }
                }
                i = end
            } else {
                i += 1
            }
        }
        return matches
    }

    /// Marks that stand alone between digit groups and are no digit.
    static let gapMarks: Set<Character> = ["|", "!", ":", ";", ".", ",", "'", "‘", "’", "`", "·", "-", "_"]

    /// Reads `ddd ddd dddd`, `ddd-ddd-dddd` or ten in a row starting at `start`; returns the ten characters, where
    /// the match ends and whether it was grouped.
    private static func group(_ c: [Character], from start: Int, isDigitLike: (Character) -> Bool) -> ([Character], Int, Bool)? {
        func run(_ from: Int, _ length: Int) -> Bool {
            from + length <= c.count && c[from..<(from + length)].allSatisfy(isDigitLike)
        }
        // Grouped 3-3-4 with one space or hyphen (the same one) between groups. A space gap may hold a mark OCR
        // read in it (`999 | 293 8250`: a card's rule, a fleck), spaced off both groups: it is no digit.
        func gap(at p: Int, _ sep: Character) -> Int? {
            // A mark read against a group's end, the gap's space kept after it (`999 293; 8250`).
            if sep == " ", p + 1 < c.count, c[p] != "-", Self.gapMarks.contains(c[p]), c[p + 1] == " " { return p + 2 }
            // The second gap read as a mark (`999 745.0795`): a fleck or the print's own dot in the space.
            if sep == " ", p > start + 3, p < c.count, Self.gapMarks.contains(c[p]) { return p + 1 }
            guard p < c.count, c[p] == sep else { return nil }
            if sep == " ", p + 2 < c.count, Self.gapMarks.contains(c[p + 1]), c[p + 2] == " " { return p + 3 }
            return p + 1
        }
        if run(start, 3), start + 3 < c.count, c[start + 3] == " " || c[start + 3] == "-" || gap(at: start + 3, " ") == start + 5 {
            let sep: Character = c[start + 3] == "-" ? "-" : " "
            if let second = gap(at: start + 3, sep), run(second, 3), let third = gap(at: second + 3, sep), run(third, 4) {
                return (Array(c[start..<(start + 3)] + c[second..<(second + 3)] + c[third..<(third + 4)]), third + 4, true)
            }
        }
        if run(start, 10) { return (Array(c[start..<(start + 10)]), start + 10, false) }
        // 3-3-4 with one of its two gaps lost (`441784 8467`, `441 7848467`): OCR drops a narrow gap between digit
        // groups. Not taken as the grouping.
        for first in [6, 3] where run(start, first) && start + first < c.count && c[start + first] == " " && run(start + first + 1, 10 - first) {
            return (Array(c[start..<(start + first)] + c[(start + first + 1)..<(start + 11)]), start + 11, false)
        }
        return nil
    }
}
