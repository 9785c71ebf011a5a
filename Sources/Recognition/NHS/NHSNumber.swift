/// A UK health service number: England/Wales/Isle of Man NHS numbers, Scottish CHI numbers and Northern Ireland
/// H&C numbers share the 10-digit form and the Modulus 11 check; the first three digits say which it is.
public struct NHSNumber: Hashable, Sendable {
    public enum Range: String, Sendable {
        case englandWalesIsleOfMan = "england"
        case scotlandCHI = "chi"
        case northernIrelandHC = "hc"
        case test = "test"
        /// 000–009 million: no NHS, CHI or H&C number is issued there (0000000000 passes Modulus 11).
        case unallocated = "unallocated"
        /// 312–319, 500–599 and 800–998 million: well formed, never issued.
        case other = "other"

        /// Whether numbers in this range are issued to patients. The test range is not, but is kept valid so that
        /// synthetic cards and the project's own samples read: `checks` carries `range:test`, and every save
        /// (`cards add`, `scan --save`, `import --accept auto`, `camera --save`, `review`, `session --stdio` accept)
        /// refuses it without `--no-validate` (`CardValidation`).
        public var isIssued: Bool { self != .unallocated && self != .other }
    }

    /// The ten digits.
    public let digits: String

    /// Ten digits as they are, valid or not (the finder repairs and judges them); `validate` is the family's way in.
    init?(digits: String) {
        guard digits.count == 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        self.digits = digits
    }

    /// `943 476 5919`: how it is printed.
    public var display: String {
        let d = Array(digits)
        return String(d[0..<3]) + " " + String(d[3..<6]) + " " + String(d[6..<10])
    }

    public var range: Range {
        let prefix = Int(digits.prefix(3))!
        switch prefix {
        case 0...9: return .unallocated
        case 10...311: return .scotlandCHI
        case 320...399: return .northernIrelandHC
        case 400...499, 600...799: return .englandWalesIsleOfMan
        case 999: return .test
        default: return .other
        }
    }

    /// Modulus 11 over the first nine digits with weights 10…2: 11 − (sum mod 11) is the check digit; 11 means 0;
    /// 10 means the number is never issued.
    public static func modulus11CheckDigit(_ nine: [Int]) -> Int? {
        let sum = zip(nine, (2...10).reversed()).reduce(0) { $0 + $1.0 * $1.1 }
        let check = 11 - sum % 11
        switch check {
        case 11: return 0
        case 10: return nil
        default: return check
        }
    }

    public var passesModulus11: Bool {
        let d = digits.compactMap(\.wholeNumberValue)
        return NHSNumber.modulus11CheckDigit(Array(d.prefix(9))) == d[9]
    }

    /// A CHI number starts with the holder's date of birth as DDMMYY; a number in the CHI range whose first six
    /// digits are no date is not a CHI number.
    public var hasValidCHIDate: Bool {
        let d = digits.compactMap(\.wholeNumberValue)
        let day = d[0] * 10 + d[1], month = d[2] * 10 + d[3], year = d[4] * 10 + d[5]
        return SimpleDate(year: 2000 + year, month: month, day: day) != nil
            || SimpleDate(year: 1900 + year, month: month, day: day) != nil
    }

    /// The checks these ten digits pass, for a suggestion's `checks` (`mod11`, `range:…`, `chi:date`), whether or
    /// not they are a valid number (`validate` says that, and why not).
    public var checks: [String] {
        var checks = ["range:\(range.rawValue)"]
        let invalid = invalidity
        if invalid != .failsModulus11 { checks.insert("mod11", at: 0) }
        if range == .scotlandCHI, invalid == nil { checks.append("chi:date") }
        return checks
    }

    /// Why these ten digits are no NHS, CHI or H&C number (nil: they are one).
    var invalidity: Invalid? {
        guard passesModulus11 else { return .failsModulus11 }
        switch range {
        case .unallocated: return .unallocated
        case .other: return .outsideIssuedRanges
        case .scotlandCHI where !hasValidCHIDate: return .chiWithoutDate
        default: return nil
        }
    }
}

extension NHSNumber: IdentifierFamily {
    /// Why a text is not an NHS, CHI or H&C number.
    public enum Invalid: Error, Equatable, CustomStringConvertible {
        case notTenDigits, failsModulus11, unallocated, outsideIssuedRanges, chiWithoutDate
        public var description: String {
            switch self {
            case .notTenDigits: "is not ten digits"
            case .failsModulus11: "fails the Modulus 11 check"
            case .unallocated: "no NHS, CHI or H&C number starts with 000"
            case .outsideIssuedRanges: "is outside the issued ranges (NHS 400–499 and 600–799, CHI 010–311, H&C 320–399 million)"
            case .chiWithoutDate: "a CHI number must start with a date (DDMMYY)"
            }
        }
    }

    /// `943 476 5919`, `943-476-5919` → `9434765919`.
    public static func compact(_ text: String) -> String { text.compactedIdentifier }

    public static func validate(_ text: String) throws(Invalid) -> NHSNumber {
        guard let number = NHSNumber(digits: compact(text)) else { throw .notTenDigits }
        if let invalid = number.invalidity { throw invalid }
        return number
    }

    public var formatted: String { display }
}
