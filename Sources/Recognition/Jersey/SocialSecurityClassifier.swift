import CardModel

/// Jersey (`JY`) and Guernsey (`GY`) social security numbers and UK National Insurance numbers, printed.
struct SocialSecurityClassifier: EvidenceClassifier {
    func evidence(in card: CardReading) -> [Evidence] {
        card.lines.enumerated().flatMap { i, line in
            SocialSecurityNumber.find(in: line.text).map { ssn -> Evidence in
                let (kind, check): (SuggestionKind, String) = switch ssn {
                case .jersey: (.jerseySocialSecurity, "format:JY")
                case .guernsey: (.guernseySocialSecurity, "format:GY")
                case .nationalInsurance: (.nationalInsurance, "format:NINO")
                }
                // No check digit vouches for the reading: an uncertain OCR line counts against it twice.
                let ocr = card.confidence(i)
                return .valid(kind, ssn.value, display: ssn.display, checks: [check], confidence: ocr * ocr,
                              item: line, fromBarcode: card.fromBarcode)
            }
        }
    }
}
