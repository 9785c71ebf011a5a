import CardModel

/// One reading of a value, from one item, before readings are joined into suggestions.
struct Evidence {
    enum Kind: String {
        case nhsNumber, jerseySocialSecurity, guernseySocialSecurity, nationalInsurance
        case jerseyPatientId, loyalty, membership
        case name, dateOfBirth, postcode, address
    }

    let kind: Kind
    /// The canonical value (digits of an NHS number, ISO date, normalised postcode…).
    let value: String
    let display: String
    let valid: Bool
    let checks: [String]
    let problem: String?
    /// 0…1: how sure the reading is (barcodes near 1, OCR by its confidence).
    let confidence: Double
    let itemID: String
    let bounds: Quad
    let fromBarcode: Bool
    var codeType: CodeType = .code128
}
