import CardModel

/// Jersey (`JY`) and Guernsey (`GY`) social security numbers and UK National Insurance numbers, printed, and a
/// code whose whole content is a JY or GY number (a Jersey card's Code 128 carries `JY123456A`).
struct SocialSecurityClassifier: EvidenceClassifier {
    func evidence(in card: CardReading) -> [Evidence] {
        let printed = card.lines.enumerated().flatMap { i, line in
            SocialSecurityNumber.matches(in: line.text).map { match -> Evidence in
                // No check digit vouches for the reading: an uncertain OCR line counts against it twice, and a
                // repaired slip once more.
                let ocr = card.confidence(i), ssn = match.number
                return .valid(Self.kind(of: ssn), ssn.value, display: ssn.display,
                              checks: [Self.check(of: ssn)] + (match.repaired ? ["ocr-repaired"] : []),
                              confidence: Confidence.socialSecurity(ocr: ocr) * (match.repaired ? Confidence.repairedShare : 1), item: line, fromBarcode: card.fromBarcode)
            }
        }
        let coded = card.barcodes.compactMap { item -> Evidence? in
            guard let format = item.format, item.gs1 != true else { return nil }
            let text = item.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let ssn = try? SocialSecurityNumber.validate(text), ssn.value == text.uppercased(),
                  Self.kind(of: ssn) != .nationalInsurance else { return nil }
            return .valid(Self.kind(of: ssn), ssn.value, display: ssn.display, checks: [Self.check(of: ssn), "barcode"],
                          confidence: Confidence.code, item: item, fromBarcode: true, codeType: CodeType(format: format))
        }
        let found = Set(printed.map(\.value))
        return printed + Self.agreed(in: card, besides: found) + Self.labelledWithoutPrefix(in: card, besides: found) + coded
    }

    /// A Jersey card's number with its `JY` lost (small light print: `Social Security Number` / `442049 A`): six
    /// digits and an A-D suffix, alone on the line after a social security label or after the label on its line,
    /// on a card that says Jersey. That shape is no other number: a Guernsey number has no suffix, and a NINO
    /// keeps its letters.
    /// A social security label on the line (`Social Security No`, `Soc Sec`, `SS No`, Guernsey's `Contribution No`).
    static func isLabel(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.contains("social security") || lower.contains("soc sec") || lower.contains("contribution") || lower.hasPrefix("ss no")
    }

    static func labelledWithoutPrefix(in card: CardReading, besides found: Set<String>) -> [Evidence] {
        guard !card.fromBarcode, card.lines.contains(where: { $0.text.lowercased().contains("jersey") }) else { return [] }
        let isLabel = Self.isLabel
        var out: [Evidence] = []
        for (i, line) in card.lines.enumerated() {
            var value = line.text
            if isLabel(value), let range = value.range(of: "(number|no\\.?|num)\\s*:?", options: [.regularExpression, .caseInsensitive]) {
                value = String(value[range.upperBound...])
            } else if !(i > 0 && isLabel(card.lines[i - 1].text)) {
                continue
            }
            let compact = value.filter { $0 != " " && $0 != "-" && $0 != ":" }
            guard compact.count == 7, compact.prefix(6).allSatisfy({ $0.isASCII && $0.isNumber }),
                  let suffix = compact.last.map({ Character($0.uppercased()) }), "ABCD".contains(suffix) else { continue }
            let ssn = SocialSecurityNumber.jersey("JY" + compact.prefix(6) + String(suffix))
            guard !found.contains(ssn.value) else { continue }
            out.append(.valid(.jerseySocialSecurity, ssn.value, display: ssn.display, checks: [check(of: ssn), "ocr-repaired"],
                              confidence: Confidence.socialSecurity(ocr: card.confidence(i)) * Confidence.repairedShare, item: line,
                              fromBarcode: false))
        }
        return out
    }

    /// Jersey numbers no single reading holds but the readings of one printed line agree on (`LineVote`): lines
    /// whose bounds overlap, each with a number-shaped run (`JV 39 OL 14 A`: two letters, nine characters in all,
    /// at least four of the six digits read as digits, an A-D where the suffix is due).
    static func agreed(in card: CardReading, besides found: Set<String>) -> [Evidence] {
        card.agreedValues(slots: jerseySlots, run: { jerseyShapedRun(in: card.lines[$0].text) }).compactMap { agreed in
            guard !found.contains(agreed.value), case .jersey = try? SocialSecurityNumber.validate(agreed.value) else { return nil }
            let ssn = SocialSecurityNumber.jersey(agreed.value)
            return .valid(.jerseySocialSecurity, agreed.value, display: ssn.display, checks: [check(of: ssn), "ocr-agreed"],
                          confidence: Confidence.socialSecurity(ocr: agreed.confidence) * Confidence.repairedShare, item: card.lines[agreed.lines[0]],
                          fromBarcode: card.fromBarcode)
        }
    }

    /// J, Y, six digits, A-D (a Y read as `¥`, and a suffix read as its digit look-alike, count: `8` for B).
    static let jerseySlots: [LineVote.Slot] = [.letter(["J"]), .letter(["Y"], lookAlikes: ["¥": "Y"])] + Array(repeating: .digit, count: 6)
        + [.letter(["A", "B", "C", "D"], lookAlikes: SocialSecurityNumber.suffixLookAlikes)]

    /// The last run in `text` shaped like a Jersey number as OCR may have read it, spaces and `-` taken out.
    static func jerseyShapedRun(in text: String) -> String? {
        let compact = Array(text.filter { $0 != " " && $0 != "-" })
        guard compact.count >= 9 else { return nil }
        for start in stride(from: compact.count - 9, through: 0, by: -1) {
            let run = compact[start..<(start + 9)]
            let after = start + 9 < compact.count ? compact[start + 9] : nil
            guard !(after?.isLetter ?? false), !(after?.isNumber ?? false),
                  run[start].isLetter, run[start + 1].isLetter || run[start + 1] == "¥",
                  "ABCDabcd".contains(run[start + 8]) || SocialSecurityNumber.suffixLookAlikes[run[start + 8]] != nil,
                  run[(start + 2)..<(start + 8)].filter({ $0.isASCII && $0.isNumber }).count >= 4 else { continue }
            return String(run)
        }
        return nil
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
