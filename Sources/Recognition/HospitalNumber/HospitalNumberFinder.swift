import Foundation

/// Finds a hospital number printed after its label: `Hosp No: M8453620`, `Hospital No. T351321`, `MRN: 6899382`,
/// `URN 424771`, `Hospital URN: J123456`, `Unit No: RTH4183671` (the unit number is the hospital number on many UK
/// wristbands and labels). The value is one to three letters and five to ten digits, or six to ten digits.
public enum HospitalNumberFinder {
    /// Labels, lower case, longest first so `hospital no` wins over `no`.
    static let labels = ["hospital number", "hospital no", "hospital urn", "hosp. no", "hosp no", "hosp num", "unit number",
                         "unit no", "mrn", "urn"]

    /// The label on this line and where it ends, when the line has one (as a word, not inside `return`).
    static func label(in line: String) -> String.Index? {
        let lower = line.lowercased()
        for label in labels {
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

    /// The value after the label on `line`; or, when the label stands alone, the value that `next` starts with.
    public static func find(in line: String, next: String? = nil) -> String? {
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
              labels.contains(where: { text.lowercased().hasPrefix($0) }) else { return text }
        return String(text[end...]).trimmingCharacters(in: CharacterSet(charactersIn: " :.#-"))
    }

    /// The first token after separators, when it has the form of a hospital number.
    static func value(startingIn text: String) -> String? {
        let trimmed = text.drop { " :.#-=".contains($0) }
        let token = String(trimmed.prefix { $0.isLetter || $0.isNumber })
        return isHospitalNumber(token) ? token.uppercased() : nil
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
