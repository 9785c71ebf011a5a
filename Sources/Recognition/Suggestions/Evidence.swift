import CardModel

/// One reading of a value, from one item, before readings are joined into suggestions.
struct Evidence {
    let kind: SuggestionKind
    /// The canonical value (digits of an NHS number, ISO date, normalised postcode…).
    let value: String
    let display: String
    let valid: Bool
    let checks: [String]
    let problem: String?
    /// 0…1: how sure the reading is (barcodes near 1, OCR by its confidence and the context around it).
    let confidence: Double
    let itemID: String
    let bounds: Quad
    let fromBarcode: Bool
    var codeType: CodeType = .code128

    /// A field or identifier that validated by its form alone (a postcode, a name, a social security number).
    static func valid(_ kind: SuggestionKind, _ value: String, display: String? = nil, checks: [String], confidence: Double,
                      item: RecognizedItem, fromBarcode: Bool, codeType: CodeType = .code128) -> Evidence {
        Evidence(kind: kind, value: value, display: display ?? value, valid: true, checks: checks, problem: nil,
                 confidence: confidence, itemID: item.id, bounds: item.bounds, fromBarcode: fromBarcode, codeType: codeType)
    }
}
