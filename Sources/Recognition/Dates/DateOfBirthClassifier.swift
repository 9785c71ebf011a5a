import CardModel

/// Dates of birth printed on a card: after a birth label (on its line, the line before, or over it in a grid of
/// labels), or any plausible date the card does not label as something else (an issue or expiry date), offered
/// well below a labelled one.
struct DateOfBirthClassifier: EvidenceClassifier {
    func evidence(in card: CardReading) -> [Evidence] {
        dates(in: card)
    }

    func dates(in card: CardReading) -> [Evidence] {
        // A label line's role passes to the line after it, or, on a card laid out as a grid of labels over values
        // (`DATE OF BIRTH` over `13, 01.1952`, its reading order broken by the tilt), to the line under it.
        let roles = card.lines.map { DateFinder.labelRole(of: $0.text) }
        var roleFromAbove = [Int: DateFinder.Role]()
        for j in card.lines.indices where roles[j] == .dateOfBirth {
            if let k = card.lineUnder(j, accepts: { roles[$0] == nil }) { roleFromAbove[k] = .dateOfBirth }
        }
        let matches = card.lines.indices.map { i in
            DateFinder.find(in: card.lines[i].text, inherited: (i > 0 ? roles[i - 1] : nil) ?? roleFromAbove[i] ?? .unlabelled,
                            today: card.today)
        }
        // A date the card labels as something else on one line (a letter's `Dictated: 11 January 2024`, read three
        // times with its label misread twice) is not offered unlabelled as the birth date from another.
        let otherDates = Set(matches.joined().filter { $0.role == .expiryOrIssue }.map(\.date.iso))
        var found: [Evidence] = []
        let onReceipt = card.isTillReceipt
        for (i, line) in card.lines.enumerated() {
            for match in matches[i] where match.role != .expiryOrIssue {
                guard DateFinder.isPlausibleBirthDate(match.date, today: card.today) else { continue }
                let labelled = match.role == .dateOfBirth
                if !labelled, otherDates.contains(match.date.iso) { continue }
                let evidence = Evidence.valid(.dateOfBirth, match.date.iso, display: match.date.dayMonthYear,
                                              checks: (labelled ? ["labelled", "plausible"] : ["plausible"]) + (match.repaired ? ["ocr-repaired"] : []),
                                              confidence: Confidence.dateOfBirth(ocr: card.confidence(i), labelled: labelled, repaired: match.repaired),
                                              item: line, fromBarcode: card.fromBarcode)
                found.append(!labelled && onReceipt ? evidence.refused(TillReceipt.problem) : evidence)
            }
        }
        return found
    }
}
