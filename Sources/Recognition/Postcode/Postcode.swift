import CardModel

/// A UK-format postcode, and what it says about the region: JE1–JE5 are Jersey, GY1–GY10 Guernsey (GY9 Alderney,
/// GY10 Sark); other UK postcodes are GB.
public struct Postcode: Hashable, Sendable {
    /// Normalised: upper case, one space before the inward code (`JE2 3AB`).
    public let value: String

    public init?(_ text: String) {
        let compact = text.uppercased().filter { !$0.isWhitespace }
        guard (5...7).contains(compact.count) else { return nil }
        let outward = String(compact.dropLast(3)), inward = String(compact.suffix(3))
        guard Postcode.isOutward(outward), Postcode.isInward(inward), PostcodeArea.holds(outward) else { return nil }
        if outward.hasPrefix("JE") { guard let n = Int(outward.dropFirst(2)), (1...5).contains(n) else { return nil } }
        if outward.hasPrefix("GY") { guard let n = Int(outward.dropFirst(2)), (1...10).contains(n) else { return nil } }
        value = outward + " " + inward
    }

    public var region: Region {
        if value.hasPrefix("JE") { return .je }
        if value.hasPrefix("GY") { return .gg }
        return .gb
    }

    /// The outward code's shapes: A9, A99, AA9, AA99, A9A, AA9A (`A` a letter, `9` a digit).
    static let outwardShapes = ["A9", "A99", "AA9", "AA99", "A9A", "AA9A"]
    /// The inward code's shape: 9AA.
    static let inwardShape = "9AA"

    static func isOutward(_ s: String) -> Bool {
        let c = Array(s)
        guard (2...4).contains(c.count), c[0].isLetter, c[0].isASCII else { return false }
        let pattern = String(c.map { $0.isNumber ? "9" : ($0.isLetter && $0.isASCII ? "A" : "?") })
        return outwardShapes.contains(pattern)
    }

    /// An outward code as printed: capitals and its digit (`LE2`, `GY10`, `SW1A`), no look-alike in it.
    static func isWholeOutward(_ s: String) -> Bool {
        isOutward(s) && s.allSatisfy { $0.isASCII && ($0.isNumber || $0.isUppercase) }
    }

    // Inward: 9AA, the letters never C, I, K, M, O or V.
    static func isInward(_ s: String) -> Bool {
        let c = Array(s)
        return c.count == 3 && c[0].isNumber && c[1...2].allSatisfy { $0.isASCII && $0.isLetter && !"CIKMOV".contains($0) }
    }

    /// A postcode found in text, and whether an OCR slip was corrected to read it.
    public struct Match: Hashable, Sendable {
        public let postcode: Postcode
        /// True when one character was read as its look-alike (`B10 ORH` → `B10 0RH`, `JES 6UY` → `JE5 6UY`).
        public let repaired: Bool
    }

    /// Postcodes in a line of text (`JE2 3AB`, `GY1 1AA`, `SW1A 1AA`, `GY 10 3QH`), as printed.
    public static func find(in text: String) -> [Postcode] {
        matches(in: text).filter { !$0.repaired }.map(\.postcode)
    }

    /// At most this many characters are repaired in one postcode.
    public static let maxRepairs = 1

    /// Postcodes in a line of text, as printed or with one OCR slip repaired by position.
    ///
    /// A postcode has no check character, but its shape is strict: the inward code is digit, letter, letter and the
    /// outward code's letters and digits stand in known places. A character in the wrong class is read as its
    /// look-alike (`DigitRepair`'s table for a digit, its reverse for a letter) when:
    /// - one character at most changes, and the letters OCR kept are capitals (a postcode is printed in capitals);
    /// - exactly one postcode comes out of every shape that fits (so `S` in `JES` is a 5 only because JE is
    ///   followed by one digit there);
    /// - at least two characters of it were read as digits, or it starts with the islands' `JE` or `GY` as read,
    ///   or its outward code was read whole, digit and all (`LE2 IRB`: a one-digit district whose inward digit
    ///   was read as a letter): ordinary words (`IS THE`) never reach the shape with a single change.
    public static func matches(in text: String) -> [Match] {
        let words = tokens(of: text)
        var found: [Match] = []
        var i = 0
        while i < words.count {
            // `GY 10 3QH`: the outward code's letters and digits printed apart.
            if i + 2 < words.count, (1...2).contains(words[i].count), words[i].allSatisfy({ $0.isASCII && $0.isUppercase }),
               (1...2).contains(words[i + 1].count), words[i + 1].allSatisfy({ $0.isASCII && $0.isNumber }),
               isInward(words[i + 2].uppercased()), let p = Postcode(words[i] + words[i + 1] + words[i + 2]) {
                found.append(Match(postcode: p, repaired: false)); i += 3; continue
            }
            // `M30 7 AP`: the inward code's digit and letters read apart.
            if i + 2 < words.count, isOutward(words[i].uppercased()), words[i + 1].count == 1, words[i + 2].count == 2,
               let p = Postcode(words[i] + words[i + 1] + words[i + 2]) {
                found.append(Match(postcode: p, repaired: false)); i += 3; continue
            }
            if i + 1 < words.count, isOutward(words[i].uppercased()), let p = Postcode(words[i] + words[i + 1]) {
                found.append(Match(postcode: p, repaired: false)); i += 2; continue
            }
            if words[i].count >= 5, let p = Postcode(words[i]) {
                found.append(Match(postcode: p, repaired: false)); i += 1; continue
            }
            if i + 1 < words.count, let p = repaired(outward: words[i], inward: words[i + 1]) {
                found.append(Match(postcode: p, repaired: true)); i += 2; continue
            }
            // A town, then the postcode ending the line with its digits read as letters (`London NIC ODB`): there
            // the line's shape says what the two words are, and two slips are put right.
            if i >= 1, i + 2 == words.count, isTownWord(words[i - 1]),
               let p = repaired(outward: words[i], inward: words[i + 1], repairs: 2, afterTown: true) {
                found.append(Match(postcode: p, repaired: true)); i += 2; continue
            }
            i += 1
        }
        return found
    }

    /// `matches(in:)`, and when `townAbove` (the line above it on the card ends with a town's name: `Sheffield`, then
    /// `S11 955`), a line that is nothing but two words is put right as it would be after the town on one line (two
    /// slips, read in capitals): an address's last line is its postcode. At least two characters must have been
    /// read as digits, as for one slip anywhere: a receipt's `(G8T) (GST)` under a word in capitals is no `G87 6ST`.
    public static func matches(in text: String, townAbove: Bool) -> [Match] {
        let found = matches(in: text)
        let words = tokens(of: text)
        guard found.isEmpty, townAbove, words.count == 2, (words[0] + words[1]).filter({ $0.isASCII && $0.isNumber }).count >= 2,
              let p = repaired(outward: words[0], inward: words[1], repairs: 2, afterTown: true) else { return found }
        return [Match(postcode: p, repaired: true)]
    }

    /// Words of a line: split at spaces and list punctuation, with stray marks trimmed from their ends. A mark
    /// inside a word stays, and so do the symbols `DigitRepair` reads as digits (`DE3@` and `DE3®` are slips for
    /// `DE30`, never the outward code `DE3`; `HG2 &QT` for `HG2 8QT`).
    static func tokens(of text: String) -> [String] {
        let separators: Set<Character> = [",", ";", ":", "(", ")", "/", "\""]
        return text.split(whereSeparator: { $0.isWhitespace || separators.contains($0) }).map { word in
            let keep: (Character) -> Bool = { $0.isLetter || $0.isNumber || "@®$&".contains($0) }
            let start = word.firstIndex(where: keep) ?? word.endIndex
            let end = word.lastIndex(where: keep).map { word.index(after: $0) } ?? start
            return String(word[start..<max(start, end)])
        }.filter { !$0.isEmpty }
    }

    /// The marks OCR reads in place of a postcode letter: the reverse of `DigitRepair`'s table (`8` → `B`), and the
    /// dollar sign an S becomes in a serif or bold face (`Sheffield $17 9LP`, issue 34's unseen photos).
    static let letterForDigit: [Character: Character] = ["0": "O", "1": "I", "2": "Z", "4": "A", "5": "S", "6": "G", "7": "T", "8": "B",
                                                         "$": "S"]

    /// A word that may be the town before a postcode on an address's last line: a capitalised word of letters, at
    /// least three different ones (Ely, Usk, Rye): a run of one or two letters repeated (`SSS SSS SSS`, `SSR SSS
    /// TSS`, a receipt's dotted rule read as letters) is no town.
    static func isTownWord(_ word: String) -> Bool {
        word.count >= 3 && word.first!.isUppercase && word.allSatisfy { $0.isLetter && $0.isASCII }
            && Set(word.uppercased()).count >= 3
    }

    /// The one postcode `outward inward` reads as with at most `repairs` slips repaired by position, or nil.
    /// `afterTown`: the words end a line after a town's name, which stands in for the digits read as digits that
    /// a repair otherwise needs; both words must then be read in capitals, as a postcode is printed.
    static func repaired(outward: String, inward: String, repairs: Int = maxRepairs, afterTown: Bool = false) -> Postcode? {
        let out = Array(outward), inw = Array(inward)
        guard inw.count == 3, (2...4).contains(out.count) else { return nil }
        if afterTown {
            guard (out + inw).allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else { return nil }
        } else {
            guard mayBeRepaired(outward: outward, inward: inward) else { return nil }
        }
        var results = Set<String>()
        for shape in outwardShapes where shape.count == out.count {
            guard let o = read(out, as: Array(shape)), let n = read(inw, as: Array(inwardShape)), o.changes + n.changes >= 1,
                  o.changes + n.changes <= repairs, let p = Postcode(o.text + n.text) else { continue }
            results.insert(p.value)
        }
        guard results.count == 1, let value = results.first else { return nil }
        return Postcode(value)
    }

    /// Whether two words as read hold enough of a postcode to be repaired into one: two characters read as digits, a
    /// Jersey or Guernsey outward code, or a whole outward code (`Sat 1st` is a date, not a slipped SA1 1ST).
    static func mayBeRepaired(outward: String, inward: String) -> Bool {
        let readDigits = (outward + inward).filter { $0.isASCII && $0.isNumber }.count
        return readDigits >= 2 || outward.hasPrefix("JE") || outward.hasPrefix("GY") || isWholeOutward(outward)
    }

    /// `chars` read as `shape` (`A` a capital letter, `9` a digit), changing look-alikes; nil when a character fits
    /// neither way.
    private static func read(_ chars: [Character], as shape: [Character]) -> (text: String, changes: Int)? {
        var text = "", changes = 0
        for (c, want) in zip(chars, shape) {
            if want == "9" {
                if c.isASCII && c.isNumber { text.append(c) } else if let d = DigitRepair.candidates(for: c), d.count == 1 {
                    text.append(d[0]); changes += 1
                } else { return nil }
            } else {
                if c.isASCII && c.isUppercase { text.append(c) } else if let l = letterForDigit[c] {
                    text.append(l); changes += 1
                } else { return nil }
            }
        }
        return (text, changes)
    }
}

extension Postcode: IdentifierFamily {
    /// Why a text is not a UK-format postcode.
    public enum Invalid: Error, Equatable, CustomStringConvertible {
        /// Not an outward code (A9, A99, AA9, AA99, A9A, AA9A) and an inward code (9AA).
        case wrongShape
        /// JE6 and above, GY11 and above: the islands have no such districts.
        case noSuchIslandDistrict
        /// No postcode area starts with these letters (`PostcodeArea`), or a district ending in a letter outside
        /// central London.
        case noSuchArea
        public var description: String {
            switch self {
            case .wrongShape: "is not a postcode (an outward code such as JE2 or SW1A, then an inward code such as 3AB)"
            case .noSuchIslandDistrict: "Jersey's postcodes run JE1-JE5 and Guernsey's GY1-GY10"
            case .noSuchArea: "no UK postcode area starts with these letters (areas are such as AB, B, SW, JE, GY)"
            }
        }
    }

    /// `je2 3ab` → `JE23AB`.
    public static func compact(_ text: String) -> String { text.compactedIdentifier }

    public static func validate(_ text: String) throws(Invalid) -> Postcode {
        if let postcode = Postcode(text) { return postcode }
        let c = compact(text)
        guard (5...7).contains(c.count), isOutward(String(c.dropLast(3))), isInward(String(c.suffix(3))) else { throw .wrongShape }
        if !PostcodeArea.holds(String(c.dropLast(3))) { throw .noSuchArea }
        throw .noSuchIslandDistrict
    }

    public var formatted: String { value }
}
