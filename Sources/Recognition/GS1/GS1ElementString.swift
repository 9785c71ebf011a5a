/// A GS1 element string (GS1 DataMatrix, GS1-128, GS1 QR): application identifiers and their values, with GS
/// (0x1D) ending variable-length fields.
public struct GS1ElementString: Hashable, Sendable {
    public let fields: [(ai: String, value: String)]

    public static func == (a: Self, b: Self) -> Bool { a.fields.map(\.ai) == b.fields.map(\.ai) && a.fields.map(\.value) == b.fields.map(\.value) }
    public func hash(into h: inout Hasher) { for f in fields { h.combine(f.ai); h.combine(f.value) } }

    /// Fixed lengths of the value for the AIs cardscan meets (GS1 General Specifications, AI table).
    static let fixedLength: [String: Int] = [
        "00": 18, "01": 14, "02": 14, "11": 6, "12": 6, "13": 6, "15": 6, "16": 6, "17": 6, "20": 2,
        "8018": 18, "8017": 18, "414": 13, "415": 13, "410": 13,
    ]
    /// AIs and their lengths: two-digit ones, and the three- and four-digit families used here.
    static func aiLength(at text: [Character], _ i: Int) -> Int {
        let two = String(text[i..<min(i + 2, text.count)])
        if ["80", "41", "25", "24", "70", "72"].contains(two) {
            let four = String(text[i..<min(i + 4, text.count)])
            if four.hasPrefix("80") || four.hasPrefix("70") || four.hasPrefix("72") { return 4 }
            return 3
        }
        return 2
    }

    /// Parses `8018795000000000000012␝91JE123456` (a leading `]d2`/`]C1` symbology identifier or FNC1 is skipped).
    public init?(_ text: String) {
        var chars = Array(text)
        if chars.first == "\u{1D}" { chars.removeFirst() }
        if chars.count >= 3, chars[0] == "]" { chars.removeFirst(3) }
        var fields: [(String, String)] = []
        var i = 0
        while i < chars.count {
            let aiLen = Self.aiLength(at: chars, i)
            guard i + aiLen <= chars.count else { return nil }
            let ai = String(chars[i..<(i + aiLen)])
            guard ai.allSatisfy(\.isNumber) else { return nil }
            i += aiLen
            if let length = Self.fixedLength[ai] {
                guard i + length <= chars.count else { return nil }
                fields.append((ai, String(chars[i..<(i + length)])))
                i += length
                if i < chars.count, chars[i] == "\u{1D}" { i += 1 }
            } else {
                var end = i
                while end < chars.count, chars[end] != "\u{1D}" { end += 1 }
                guard end > i else { return nil }  // a variable-length value has at least one character
                fields.append((ai, String(chars[i..<end])))
                i = end + 1
            }
        }
        guard !fields.isEmpty else { return nil }
        self.fields = fields
    }

    public func value(_ ai: String) -> String? { fields.first { $0.ai == ai }?.value }

    /// The GS1 check digit (Mod 10, weights 3 and 1 from the right of the body) of an all-digit key.
    public static func passesMod10(_ key: String) -> Bool {
        let d = key.compactMap(\.wholeNumberValue)
        guard d.count == key.count, d.count >= 2 else { return false }
        let body = d.dropLast()
        let sum = body.reversed().enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10 == d.last!
    }

    /// An NHS number inside a GSRN (AI 8018): the ten digits before the check digit, when they pass Modulus 11.
    /// (NHS wristbands build the GSRN from a GS1 UK company prefix and the patient's NHS number.)
    public var nhsNumberInGSRN: NHSNumber? {
        guard let gsrn = value("8018"), gsrn.count == 18, Self.passesMod10(gsrn) else { return nil }
        guard let number = NHSNumber(digits: String(gsrn.dropLast().suffix(10))), number.passesModulus11 else { return nil }
        return number
    }
}
