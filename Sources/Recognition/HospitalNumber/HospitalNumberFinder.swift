import Foundation

/// Finds a hospital number printed after its label: `Hosp No: M8453620`, `Hospital No. T351321`, `MRN: 6899382`,
/// `URN 424771`, `Hospital URN: J123456`, `Unit No: RTH4183671` (the unit number is the hospital number on many UK
/// wristbands and labels). The value is one to three letters and five to ten digits, or six to ten digits.
public enum HospitalNumberFinder {

    /// The label on this line and where it ends, when the line has one (as a word, not inside `return`).
    static func label(in line: String) -> String.Index? {
        exactLabel(in: line) ?? slippedLabel(in: line) ?? spacedLabel(in: line)
    }

    /// A label of six letters or more that the reader spaced apart or ran together (`Loca l No`, `Hosp i tal Ref`,
    /// `HOSPID`): each of its letters may have one space after it, its own space may be lost. Only a label as a
    /// whole word, as `exactLabel` takes it.
    static func spacedLabel(in line: String) -> String.Index? {
        guard line.count >= 6 else { return nil }
        // Every line of every frame without a label comes here: a pattern runs only where the line's letters, run
        // together, hold its label's (a match implies that), so most lines cost one pass over their letters.
        let letters = String(line.lowercased().filter(\.isLetter))
        let range = NSRange(line.startIndex..., in: line)
        for (label, pattern) in spacedLabelPatterns where letters.contains(label) {
            if let match = pattern.firstMatch(in: line, range: range), let r = Range(match.range, in: line) {
                return r.upperBound
            }
        }
        return nil
    }

    /// Each label's letters run together, and the pattern that finds them spaced apart.
    static let spacedLabelPatterns: [(String, NSRegularExpression)] = Labels.hospitalNumber
        .filter { $0.filter(\.isLetter).count >= 6 && $0.allSatisfy { $0.isLetter || $0 == " " } }
        .compactMap { label in
            let letters = label.filter(\.isLetter).map { NSRegularExpression.escapedPattern(for: String($0)) }
            guard let pattern = try? NSRegularExpression(pattern: "(?<![A-Za-z])" + letters.joined(separator: " ?") + "(?![A-Za-z])",
                                                         options: [.caseInsensitive]) else { return nil }
            return (String(label.filter(\.isLetter)), pattern)
        }

    /// `Hospital No` with one slip in `Hospital` (`Hosprtal No R828752`), `Patient ID` with its `ID` read as
    /// another two characters ending in d (`Patient 9D`, `Patient 1d`) or with one slip in `Patient` (`Paiient iD`),
    /// and where the label ends.
    static func slippedLabel(in line: String) -> String.Index? {
        let words = line.split(separator: " ")
        for (word, next) in zip(words, words.dropFirst()) {
            let lower = word.lowercased().filter { $0.isLetter }
            if WordSlip.oneEditApart(lower, "hospital") {
                let bare = next.lowercased().prefix { $0.isLetter }
                if ["no", "number", "urn"].contains(String(bare)) { return line.index(next.startIndex, offsetBy: bare.count) }
            }
            if lower == "patient", next.count == 2, next.last?.lowercased() == "d" { return next.endIndex }
            // `Patient` with one slip before a whole `ID` (`Paiient iD: H3800417`, a band's sharp line).
            if lower.count >= 6, WordSlip.oneEditApart(lower, "patient"), next.lowercased().prefix(while: \.isLetter) == "id" {
                return next.index(next.startIndex, offsetBy: 2)
            }
        }
        return nil
    }

    private static func exactLabel(in line: String) -> String.Index? {
        let lower = line.lowercased()
        for label in Labels.hospitalNumber {
            var search = lower.startIndex..<lower.endIndex
            while let r = lower.range(of: label, range: search) {
                let beforeOK = r.lowerBound == lower.startIndex || !lower[lower.index(before: r.lowerBound)].isLetter
                let afterOK = r.upperBound == lower.endIndex || !lower[r.upperBound].isLetter
                if beforeOK && afterOK {
                    // Offsets are the same in the original: lowercasing ASCII labels does not move characters.
                    return line.index(line.startIndex, offsetBy: lower.distance(from: lower.startIndex, to: r.upperBound))
                }
                search = r.upperBound..<lower.endIndex
            }
        }
        return nil
    }

    /// Whether the line carries a hospital-number label.
    public static func isLabelled(_ line: String) -> Bool { label(in: line) != nil }

    /// A value found after a label, and whether an OCR slip was corrected to read it.
    public struct Match: Hashable, Sendable {
        public let value: String
        /// True when one character after the first digit was read as its look-alike (`RR84@85937` → `RR84085937`).
        public let repaired: Bool
    }

    /// The value after the label on `line`; or, when the label stands alone, the value that `next` starts with.
    public static func find(in line: String, next: String? = nil) -> String? { match(in: line, next: next)?.value }

    /// As `find`, saying whether a slip was repaired.
    public static func match(in line: String, next: String? = nil) -> Match? {
        guard let end = label(in: line) else { return nil }
        let rest = String(line[end...])
        if let value = value(startingIn: rest) { return value }
        let restIsBare = rest.allSatisfy { !$0.isLetter && !$0.isNumber }
        if restIsBare, let next { return value(startingIn: next) }
        return nil
    }

    /// `URN:J020919` → `J020919`: a code's content without a hospital-number label in front.
    public static func strippingLabel(_ text: String) -> String {
        guard let end = label(in: text), text.lowercased().hasPrefix(text[..<end].lowercased()),
              Labels.hospitalNumber.contains(where: { text.lowercased().hasPrefix($0) }) else { return text }
        return String(text[end...]).trimmingCharacters(in: CharacterSet(charactersIn: " :.#-"))
    }

    /// At most this many characters are repaired in one hospital number (it has no check digit).
    public static let maxRepairs = 1

    /// The first token after separators, when it has the form of a hospital number — as printed, or with one slip
    /// from `DigitRepair`'s table after its first digit (`RR84@85937`, `J23314]`): there a hospital number has only
    /// digits, so the repair is the one reading. Letters before the first digit are its prefix and never changed.
    static func value(startingIn text: String) -> Match? {
        // A table's rule between label and value (`Hosp.No: | M0007415`) is no part of either.
        let trimmed = text.drop { " :;.#-=|".contains($0) }
        let token = String(trimmed.prefix { $0.isLetter || $0.isNumber })
        if let grouped = joinedGroups(trimmed) { return Match(value: grouped, repaired: false) }
        var run = Array(trimmed.prefix { $0.isLetter || $0.isNumber || DigitRepair.candidates(for: $0) != nil })
        if run.last == "|" { run.removeLast() }  // a table's rule beside the value, more often than a 1
        // A mark glued to the number is part of it (`J12345]` is not `J12345`).
        if isHospitalNumber(token), run.count == token.count { return Match(value: token.uppercased(), repaired: false) }
        guard let firstDigit = run.firstIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
        var repaired = String(run[..<firstDigit]), changes = 0
        for c in run[firstDigit...] {
            if c.isASCII && c.isNumber { repaired.append(c); continue }
            guard let d = DigitRepair.candidates(for: c), d.count == 1 else { return nil }
            repaired.append(d[0]); changes += 1
        }
        guard (1...maxRepairs).contains(changes), isHospitalNumber(repaired) else { return nil }
        return Match(value: repaired.uppercased(), repaired: true)
    }

    /// A number printed in groups (`RTH 418 3671`, `M 1234567`): when the first word alone is no hospital number,
    /// it and the digit groups after it (single spaces between) joined, if that is one.
    static func joinedGroups(_ text: Substring) -> String? {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard let first = words.first, !first.isEmpty, !isHospitalNumber(String(first)) else { return nil }
        var joined = String(first)
        for word in words.dropFirst() {
            guard !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.isNumber }) else { break }
            joined += word
        }
        return joined.count > first.count && isHospitalNumber(joined) ? joined.uppercased() : nil
    }

    /// One to three letters then five to ten digits, or six to ten digits.
    public static func isHospitalNumber(_ token: String) -> Bool {
        let letters = token.prefix { $0.isASCII && $0.isLetter }
        let digits = token.dropFirst(letters.count)
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        switch letters.count {
        case 0: return (6...10).contains(digits.count)
        case 1...3: return (5...10).contains(digits.count)
        default: return false
        }
    }
}
