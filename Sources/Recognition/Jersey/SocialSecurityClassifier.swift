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
                return .valid(kind, ssn.value, display: ssn.display, checks: [check], confidence: card.confidence(i),
                              item: line, fromBarcode: card.fromBarcode)
            }
        }
    }
}
