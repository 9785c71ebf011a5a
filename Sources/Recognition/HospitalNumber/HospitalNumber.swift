/// A hospital number (`Hosp No`, `MRN`, `URN`, `Unit No`; a wristband's GS1 AI 91): hospitals issue their own, so
/// there is no check digit, only a shape: one to three letters and five to ten digits, or six to ten digits.
public struct HospitalNumber: Hashable, Sendable {
    /// Upper case, no spaces (`H123456`).
    public let value: String
}

extension HospitalNumber: IdentifierFamily {
    public enum Invalid: Error, Equatable, CustomStringConvertible {
        case wrongShape
        public var description: String {
            "is not a hospital number (one to three letters and five to ten digits, or six to ten digits)"
        }
    }

    /// `h 123 456` → `H123456`.
    public static func compact(_ text: String) -> String { text.compactedIdentifier }

    public static func validate(_ text: String) throws(Invalid) -> HospitalNumber {
        let value = compact(text)
        guard HospitalNumberFinder.isHospitalNumber(value) else { throw .wrongShape }
        return HospitalNumber(value: value)
    }

    public var formatted: String { value }
}
