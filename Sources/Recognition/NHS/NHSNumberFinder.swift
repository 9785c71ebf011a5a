/// Finds NHS/CHI/H&C numbers in OCR text: `943 476 5919`, `943-476-5919` or `9434765919`.
///
/// OCR slips (O→0, I/l→1, S→5, B→8) are repaired only inside a group that is otherwise digits, and only when the
/// Modulus 11 check then passes: a repair never turns an invalid reading into a second guess.
public enum NHSNumberFinder {
    public struct Match: Hashable, Sendable {
        public let number: NHSNumber
        /// True when OCR slips were corrected to reach this number.
        public let repaired: Bool
    }

    static let slips: [Character: Character] = ["O": "0", "o": "0", "D": "0", "I": "1", "l": "1", "|": "1",
                                                "S": "5", "s": "5", "B": "8", "Z": "2"]

    public static func find(in text: String) -> [Match] {
        let chars = Array(text)
        var matches: [Match] = []
        var i = 0
        func isDigitLike(_ c: Character) -> Bool { c.isASCII && c.isNumber || slips[c] != nil }
        func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
        while i < chars.count {
            // A number starts where a digit-like character follows something that is not a digit or a letter
            // run (so "ABC1234567890" or "12345678901" are not taken apart).
            guard isDigitLike(chars[i]), i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber) else { i += 1; continue }
            if let (raw, end) = group(chars, from: i, isDigitLike: isDigitLike) {
                let afterOK = end == chars.count || !(chars[end].isNumber || chars[end].isLetter)
                let realDigits = raw.filter(isDigit).count
                if afterOK, realDigits >= 8 {
                    let fixed = String(raw.map { isDigit($0) ? $0 : slips[$0]! })
                    if let number = NHSNumber(digits: fixed) {
                        let repaired = realDigits < 10
                        if !repaired || number.passesModulus11 { matches.append(Match(number: number, repaired: repaired)) }
                    }
                }
                i = end
            } else {
                i += 1
            }
        }
        return matches
    }

    /// Reads `ddd ddd dddd`, `ddd-ddd-dddd` or ten in a row starting at `start`; returns the ten characters and
    /// where the match ends.
    private static func group(_ c: [Character], from start: Int, isDigitLike: (Character) -> Bool) -> ([Character], Int)? {
        func run(_ from: Int, _ length: Int) -> Bool {
            from + length <= c.count && c[from..<(from + length)].allSatisfy(isDigitLike)
        }
        // Grouped 3-3-4 with one space or hyphen (the same one) between groups.
        if run(start, 3), start + 3 < c.count, c[start + 3] == " " || c[start + 3] == "-" {
            let sep = c[start + 3]
            if run(start + 4, 3), start + 7 < c.count, c[start + 7] == sep, run(start + 8, 4) {
                return (Array(c[start..<(start + 3)] + c[(start + 4)..<(start + 7)] + c[(start + 8)..<(start + 12)]), start + 12)
            }
        }
        if run(start, 10) { return (Array(c[start..<(start + 10)]), start + 10) }
        return nil
    }
}
