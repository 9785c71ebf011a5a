/// Social security numbers of the Channel Islands and the UK National Insurance number, told apart:
/// Jersey `JY` + 6 digits + A–D; Guernsey `GY` + 6 digits; UK NINO two letters (HMRC's rules) + 6 digits + A–D.
/// JY and GY are never read as NINOs: HMRC does not allocate them as NINO prefixes to islanders' numbers, and a
/// Channel Islands number read as a NINO would be saved under the wrong scheme.
public enum SocialSecurityNumber: Hashable, Sendable {
    case jersey(String)       // "JY123456A"
    case guernsey(String)     // "GY123456"
    case nationalInsurance(String)  // "QQ123456C"

    public var value: String {
        switch self {
        case .jersey(let v), .guernsey(let v), .nationalInsurance(let v): v
        }
    }

    /// `JY 12 34 56 A`, `GY 12 34 56`, `QQ 12 34 56 C`: how they are printed.
    public var display: String {
        let c = Array(value)
        var out = String(c[0..<2]) + " " + String(c[2..<4]) + " " + String(c[4..<6]) + " " + String(c[6..<8])
        if c.count == 9 { out += " " + String(c[8]) }
        return out
    }

    /// Finds them in a line of OCR text, allowing the printed spacing (`JY 12 34 56 A`).
    /// OCR often reads a J as `[`, `]`, `|` or `1` and a G as `6` before a Y, and the Y as `¥`: those are read as
    /// JY/GY when the rest of the number is well formed (six digits, and for Jersey the A–D suffix).
    public static func find(in text: String) -> [SocialSecurityNumber] {
        matches(in: text).filter { !$0.repaired }.map(\.number)
    }

    /// A number found in text, and whether a digit slip was corrected to read it.
    public struct Match: Hashable, Sendable {
        public let number: SocialSecurityNumber
        /// True when one character of the six digits was read as its look-alike from `DigitRepair`'s table
        /// (`JY 12 34 5S A`); only for JY and GY, whose letters as read say what the number is.
        public let repaired: Bool
    }

    /// At most this many digits are repaired in a JY or GY number (an `O` for a `0` is not counted: it is read as
    /// printed).
    public static let maxRepairs = 1

    /// As `find`, and JY/GY numbers with one digit slip repaired by position.
    public static func matches(in text: String) -> [Match] {
        // OCR reads the Y as the yen sign, or reads it twice (`JY¥316384C`).
        let original = Array(text.replacingOccurrences(of: "Y¥", with: "Y").replacingOccurrences(of: "¥Y", with: "Y")
            .replacingOccurrences(of: "¥", with: "Y"))
        var upper = original.map { c -> Character in
            let u = String(c).uppercased()
            return u.count == 1 ? Character(u) : c
        }
        for i in upper.indices.dropLast() where upper[i + 1] == "Y" && (i == 0 || upper[i - 1] == " " || upper[i - 1] == ":") {
            // `IY`, `VY`…: a first letter no NINO starts with (HMRC never issues D, F, I, Q, U or V first) before a
            // Y can only be a J misread.
            if "[]|1IDFQUV".contains(upper[i]) { upper[i] = "J" } else if upper[i] == "6" { upper[i] = "G" }
        }
        var found: [Match] = []
        var i = 0
        while i + 1 < upper.count {
            // A JY or GY may have its label's `No` glued before it (`Contribution NoGY 663513`), or one letter of it
            // (`Social Security NGY292023`); no other number starts inside a word.
            func wordBefore(_ length: Int) -> Bool { i >= length && (i == length || !upper[i - length - 1].isLetter) }
            let islandsPrefix = "JG".contains(upper[i]) && upper[i + 1] == "Y"
            let gluedToLabel = islandsPrefix && (wordBefore(1) || wordBefore(2) && upper[i - 2] == "N" && upper[i - 1] == "O")
            guard upper[i].isLetter, upper[i + 1].isLetter, i == 0 || !upper[i - 1].isLetter || gluedToLabel else { i += 1; continue }
            var compact: [Character] = [upper[i], upper[i + 1]]
            let islands = ["JY", "GY"].contains(String(compact)), jersey = String(compact) == "JY"
            var repairs = 0
            var j = i + 2
            var overrun = false  // a seventh digit: the run is longer than a number (`GY1234567` is not `GY123456`)
            while j < upper.count, compact.count < 9 {
                let ch = upper[j]
                if ch == " " || ch == "-" { j += 1; continue }
                let position = compact.count
                if position < 8 {
                    // digits; O read for 0 is common inside the number
                    if ch.isNumber { compact.append(ch) } else if ch == "O" { compact.append("0") } else if islands, repairs < maxRepairs,
                        let d = DigitRepair.candidates(for: original[j]), d.count == 1,
                        // where the sixth digit is due, an A–D may be the suffix after a digit OCR lost: not a slip
                        !(position == 7 && "ABCD".contains(ch)) {
                        compact.append(d[0]); repairs += 1
                    } else { break }
                } else if ch.isLetter, j + 1 == upper.count || !upper[j + 1].isLetter {
                    compact.append(ch)
                } else if jersey, repairs < maxRepairs, let letter = suffixLookAlikes[ch],
                          j + 1 == upper.count || !(upper[j + 1].isLetter || upper[j + 1].isNumber) {
                    // A Jersey suffix read as its digit look-alike (`JY 12 34 56 8` for `… B`): where the suffix is
                    // due and the run ends there, the format says which letter it was.
                    compact.append(letter); repairs += 1
                } else {
                    overrun = ch.isNumber
                    break
                }
                j += 1
            }
            let prefix = String(compact.prefix(2))
            if compact.count >= 8, compact[2..<8].allSatisfy(\.isNumber), !overrun {
                let digits = String(compact[2..<8])
                let suffix: Character? = compact.count == 9 ? compact[8] : nil
                let repaired = repairs > 0
                if prefix == "JY", let s = suffix, "ABCD".contains(s) {
                    found.append(Match(number: .jersey("JY" + digits + String(s)), repaired: repaired))
                } else if prefix == "GY" {
                    // Guernsey numbers have no suffix letter, but some are printed with one (`GY 12 34 56 A`):
                    // still the Guernsey number.
                    found.append(Match(number: .guernsey("GY" + digits), repaired: repaired))
                } else if let s = suffix, "ABCD".contains(s), isValidNINOPrefix(prefix) {
                    found.append(Match(number: .nationalInsurance(prefix + digits + String(s)), repaired: false))
                }
                i = j
            } else {
                i += 1
            }
        }
        return found
    }

    /// The digits OCR reads for a Jersey suffix letter (A–D).
    static let suffixLookAlikes: [Character: Character] = ["8": "B", "4": "A", "0": "D"]

    /// HMRC: neither letter D, F, I, Q, U or V; the second not O; BG, GB, KN, NK, NT, TN and ZZ never allocated.
    /// JY and GY are taken as the Channel Islands' numbers, never as NINOs.
    static func isValidNINOPrefix(_ p: String) -> Bool {
        let c = Array(p)
        guard c.count == 2, !"DFIQUV".contains(c[0]), !"DFIQUVO".contains(c[1]) else { return false }
        return !["BG", "GB", "KN", "NK", "NT", "TN", "ZZ", "JY", "GY"].contains(p)
    }
}

extension SocialSecurityNumber: IdentifierFamily {
    /// Why a text is not a Jersey, Guernsey or UK social security number.
    public enum Invalid: Error, Equatable, CustomStringConvertible {
        /// Not two letters, six digits and (Jersey, NINO) a letter A–D.
        case wrongShape
        /// Two letters HMRC never allocates as a NINO's prefix.
        case unallocatedPrefix
        public var description: String {
            switch self {
            case .wrongShape: "is not JY + six digits + A-D, GY + six digits, or a National Insurance number"
            case .unallocatedPrefix: "starts with letters never allocated to a National Insurance number"
            }
        }
    }

    /// `JY 12 34 56 A` → `JY123456A`.
    public static func compact(_ text: String) -> String { text.compactedIdentifier }

    /// The number as printed, read strictly (no look-alike slips: those are the finder's, `matches(in:)`).
    public static func validate(_ text: String) throws(Invalid) -> SocialSecurityNumber {
        let c = Array(compact(text))
        guard c.count == 8 || c.count == 9, c[0...1].allSatisfy({ $0.isASCII && $0.isLetter }),
              c[2...7].allSatisfy({ $0.isASCII && $0.isNumber }) else { throw .wrongShape }
        let prefix = String(c[0...1]), digits = String(c[2...7]), suffix = c.count == 9 ? c[8] : nil
        switch prefix {
        case "JY":
            guard let suffix, "ABCD".contains(suffix) else { throw .wrongShape }
            return .jersey(prefix + digits + String(suffix))
        case "GY":
            // Some Guernsey cards print a suffix letter; the number is the Guernsey number still.
            return .guernsey(prefix + digits)
        default:
            guard let suffix, "ABCD".contains(suffix) else { throw .wrongShape }
            guard isValidNINOPrefix(prefix) else { throw .unallocatedPrefix }
            return .nationalInsurance(prefix + digits + String(suffix))
        }
    }

    public var formatted: String { display }
}
