import CardModel

/// Jersey (`JY`) and Guernsey (`GY`) social security numbers and UK National Insurance numbers, printed, and a
/// code whose whole content is a JY or GY number (a Jersey card's Code 128 carries `JY123456A`).
struct SocialSecurityClassifier: EvidenceClassifier {
    /// A number read with a digit slip repaired (`SocialSecurityNumber.matches`) is offered below one read as printed.
    static let repairedWeight = 0.8

    func evidence(in card: CardReading) -> [Evidence] {
        let printed = card.lines.enumerated().flatMap { i, line in
            SocialSecurityNumber.matches(in: line.text).map { match -> Evidence in
                // No check digit vouches for the reading: an uncertain OCR line counts against it twice, and a
                // repaired slip once more.
                let ocr = card.confidence(i), ssn = match.number
                return .valid(Self.kind(of: ssn), ssn.value, display: ssn.display,
                              checks: [Self.check(of: ssn)] + (match.repaired ? ["ocr-repaired"] : []),
                              confidence: ocr * ocr * (match.repaired ? Self.repairedWeight : 1), item: line, fromBarcode: card.fromBarcode)
            }
        }
        let coded = card.barcodes.compactMap { item -> Evidence? in
            guard let format = item.format, item.gs1 != true else { return nil }
            let text = item.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let ssn = SocialSecurityNumber.find(in: text).first, ssn.value == text.uppercased(),
                  Self.kind(of: ssn) != .nationalInsurance else { return nil }
            return .valid(Self.kind(of: ssn), ssn.value, display: ssn.display, checks: [Self.check(of: ssn), "barcode"],
                          confidence: 0.95, item: item, fromBarcode: true, codeType: CodeType(format: format))
        }
        return printed + coded
    }

    static func kind(of ssn: SocialSecurityNumber) -> SuggestionKind {
        switch ssn {
        case .jersey: .jerseySocialSecurity
        case .guernsey: .guernseySocialSecurity
        case .nationalInsurance: .nationalInsurance
        }
    }

    static func check(of ssn: SocialSecurityNumber) -> String {
        switch ssn {
        case .jersey: "format:JY"
        case .guernsey: "format:GY"
        case .nationalInsurance: "format:NINO"
        }
    }
}
