/// The documented table of OCR digit slips: characters that OCR reads in place of a digit on printed cards.
///
/// | read as            | digit |
/// |--------------------|-------|
/// | `O` `o` `Q` `D` `@` | 0    |
/// | `I` `l` `\|` `i` `!` `]` | 1 |
/// | `Z` `z`            | 2     |
/// | `A`                | 4     |
/// | `S` `s` `$`        | 5     |
/// | `G` `b`            | 6     |
/// | `T`                | 7     |
/// | `B` `&`            | 8     |
/// | `g` `q`            | 9     |
///
/// A repair is used only where a check then holds (Modulus 11 for NHS numbers), at most
/// `NHSNumberFinder.maxRepairs` characters, and only when exactly one repair validates. Values without a check
/// character are repaired only where their strict shape leaves one reading, and less: a postcode's letter/digit
/// positions (`Postcode.matches`, one character, the reverse table for a letter), a hospital number's digits after
/// its first (`HospitalNumberFinder`, one), a JY/GY number's six digits (`SocialSecurityNumber.matches`, one), a
/// date's numbers after a birth label (`DateFinder`, two); each at a lower confidence. The suggestion then carries
/// the check `ocr-repaired`.
public enum DigitRepair {
    public static let table: [Character: [Character]] = [
        "O": ["0"], "o": ["0"], "Q": ["0"], "D": ["0"], "@": ["0"], "®": ["0"],
        "I": ["1"], "l": ["1"], "|": ["1"], "i": ["1"], "!": ["1"], "]": ["1"], ")": ["1"],
        "Z": ["2"], "z": ["2"],
        "A": ["4"],
        "S": ["5"], "s": ["5"], "$": ["5"],
        "G": ["6"], "b": ["6"],
        "T": ["7"],
        "B": ["8"], "&": ["8"],
        "g": ["9"], "q": ["9"],
    ]

    /// An ASCII digit (`Character.isNumber` also takes `½` and other scripts' digits).
    public static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
    /// A digit, or a character OCR reads in place of one.
    public static func isDigitLike(_ c: Character) -> Bool { isDigit(c) || table[c] != nil }

    /// The digits a character may stand for; nil when it is no known slip.
    public static func candidates(for c: Character) -> [Character]? { table[c] }

    /// Every all-digit reading of `raw` (digits kept, slips replaced), or none when more than `maxRepairs`
    /// characters would change or a character is neither a digit nor a slip.
    public static func repairs(of raw: [Character], maxRepairs: Int = NHSNumberFinder.maxRepairs) -> [String] {
        var readings: [String] = [""]
        var changed = 0
        for c in raw {
            if c.isASCII && c.isNumber {
                readings = readings.map { $0 + String(c) }
            } else if let options = table[c] {
                changed += 1
                guard changed <= maxRepairs else { return [] }
                readings = readings.flatMap { r in options.map { r + String($0) } }
            } else {
                return []
            }
        }
        return changed == 0 ? [] : readings
    }
}
