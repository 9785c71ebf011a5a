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
    /// A name or a date of birth printed on a line tesseract all but rejected (`doubtedLineConfidence`) is kept as
    /// an alternative, not offered valid: neither has a check, and such lines are junk read as words.
    static func valid(_ kind: SuggestionKind, _ value: String, display: String? = nil, checks: [String], confidence: Double,
                      item: RecognizedItem, fromBarcode: Bool, codeType: CodeType = .code128) -> Evidence {
        let doubted = !fromBarcode && uncheckedFields.contains(kind) && item.kind == .text && item.confidence < doubtedLineConfidence
        return Evidence(kind: kind, value: value, display: display ?? value, valid: !doubted, checks: checks,
                        problem: doubted ? "OCR doubted the line it was read from" : nil,
                        confidence: confidence, itemID: item.id, bounds: item.bounds, fromBarcode: fromBarcode, codeType: codeType)
    }

    /// The same reading, kept to show but not offered as valid, and why.
    func refused(_ why: String) -> Evidence {
        Evidence(kind: kind, value: value, display: display, valid: false, checks: checks, problem: why, confidence: confidence,
                 itemID: itemID, bounds: bounds, fromBarcode: fromBarcode, codeType: codeType)
    }

    /// Fields with no check of their own: only the line they were read from vouches for them.
    static let uncheckedFields: Set<SuggestionKind> = [.name, .dateOfBirth]

    /// Line confidence under which a name or date of birth read from it is not offered as valid. On cards-dev and
    /// four layout probes (seeds 7, 11, 23, 31: 360 photos), the names, dates of birth and NHS numbers offered from
    /// lines under 0.3 were 4 of 4 wrong (`ITE Oo`, `Hn Ps`, 1929 for 2011 on a bent wristband); under 0.4, 1 of 5
    /// right; under 0.5, 4 of 9.
    static let doubtedLineConfidence = 0.3
}
