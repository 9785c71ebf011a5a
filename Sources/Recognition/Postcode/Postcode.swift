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
        guard Postcode.isOutward(outward), Postcode.isInward(inward) else { return nil }
        if outward.hasPrefix("JE") { guard let n = Int(outward.dropFirst(2)), (1...5).contains(n) else { return nil } }
        if outward.hasPrefix("GY") { guard let n = Int(outward.dropFirst(2)), (1...10).contains(n) else { return nil } }
        value = outward + " " + inward
    }

    public var region: Region {
        if value.hasPrefix("JE") { return .je }
        if value.hasPrefix("GY") { return .gg }
        return .gb
    }

    // Outward: A9, A99, AA9, AA99, A9A, AA9A.
    static func isOutward(_ s: String) -> Bool {
        let c = Array(s)
        guard (2...4).contains(c.count), c[0].isLetter, c[0].isASCII else { return false }
        let pattern = String(c.map { $0.isNumber ? "9" : ($0.isLetter && $0.isASCII ? "A" : "?") })
        return ["A9", "A99", "AA9", "AA99", "A9A", "AA9A"].contains(pattern)
    }

    // Inward: 9AA, the letters never C, I, K, M, O or V.
    static func isInward(_ s: String) -> Bool {
        let c = Array(s)
        return c.count == 3 && c[0].isNumber && c[1...2].allSatisfy { $0.isASCII && $0.isLetter && !"CIKMOV".contains($0) }
    }

    /// Postcodes in a line of text (`JE2 3AB`, `GY1 1AA`, `SW1A 1AA`).
    public static func find(in text: String) -> [Postcode] {
        let words = text.uppercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        var found: [Postcode] = []
        var i = 0
        while i < words.count {
            if i + 1 < words.count, let p = Postcode(words[i] + words[i + 1]), isOutward(words[i]) {
                found.append(p); i += 2; continue
            }
            if let p = Postcode(words[i]), words[i].count >= 5 { found.append(p) }
            i += 1
        }
        return found
    }
}
