import CardModel
import Foundation
/// A GS1 element string (GS1 DataMatrix, GS1-128, GS1 QR): application identifiers and their values, with GS
/// (0x1D) ending variable-length fields.
public struct GS1ElementString: Hashable, Sendable {
    public let fields: [(ai: String, value: String)]

    public static func == (a: Self, b: Self) -> Bool { a.fields.map(\.ai) == b.fields.map(\.ai) && a.fields.map(\.value) == b.fields.map(\.value) }
    public func hash(into h: inout Hasher) { for f in fields { h.combine(f.ai); h.combine(f.value) } }

    /// How many digits the AI starting with these two digits has (GS1 General Specifications, section 3.2: the AI
    /// table). Two-digit prefixes not listed have two-digit AIs (`00`–`22`, `30`, `37`, `90`–`99`).
    static let aiDigits: [String: Int] = [
        "23": 3, "24": 3, "25": 3,
        "31": 4, "32": 4, "33": 4, "34": 4, "35": 4, "36": 4, "39": 4,
        "40": 3, "41": 3, "42": 3, "43": 4,
        "70": 4, "71": 3, "72": 4,
        "80": 4, "81": 4, "82": 4,
    ]

    /// Fixed lengths of values (GS1 General Specifications, the AI table's format column: `N18`, `N6`…): every AI
    /// whose value has one length, keyed by the AI; the measurement families 310n–369n by their first three digits.
    static let fixedLength: [String: Int] = [
        "00": 18, "01": 14, "02": 14, "03": 14, "04": 16,
        "11": 6, "12": 6, "13": 6, "14": 6, "15": 6, "16": 6, "17": 6, "18": 6, "19": 6, "20": 2,
        "402": 17, "410": 13, "411": 13, "412": 13, "413": 13, "414": 13, "415": 13, "416": 13, "417": 13,
        "422": 3, "424": 3, "426": 3,
        "7001": 13, "7003": 10, "7006": 6,
        "8001": 14, "8005": 6, "8006": 18, "8017": 18, "8018": 18, "8026": 18, "8111": 4,
    ]

    /// The fixed value length of an AI, or nil when the value runs to a GS or the end.
    static func valueLength(of ai: String) -> Int? {
        if let n = fixedLength[ai] { return n }
        if ai.count == 4, let family = Int(ai.prefix(3)), (310...369).contains(family) { return 6 }  // 310n–369n: N6
        return nil
    }

    /// The length of the AI that starts at `i`.
    static func aiLength(at text: [Character], _ i: Int) -> Int {
        let two = String(text[i..<min(i + 2, text.count)])
        return aiDigits[two] ?? 2
    }

    /// Parses `8018795000000000000012␝91JE123456` (a leading `]d2`/`]C1`/`]Q3` symbology identifier or FNC1 is
    /// skipped).
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
            guard ai.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            i += aiLen
            if let length = Self.valueLength(of: ai) {
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
    public static func passesMod10(_ key: String) -> Bool { GS1CheckDigit.holds(in: key) }

    /// The GSRN (AI 8018) when present and its GS1 check digit holds.
    public var validGSRN: String? {
        guard let gsrn = value("8018"), gsrn.count == 18, Self.passesMod10(gsrn) else { return nil }
        return gsrn
    }

    /// Whether the string carries AI 8018 with a check digit that fails: no part of it is then trusted.
    public var hasBadGSRN: Bool { value("8018") != nil && validGSRN == nil }

    /// An NHS number inside a GSRN (AI 8018): the ten digits before the check digit, when they pass Modulus 11.
    /// (NHS wristbands build the GSRN from a GS1 UK company prefix and the patient's NHS number.)
    public var nhsNumberInGSRN: NHSNumber? {
        guard let gsrn = validGSRN else { return nil }
        guard let number = NHSNumber(digits: String(gsrn.dropLast().suffix(10))), number.passesModulus11 else { return nil }
        return number
    }
}
