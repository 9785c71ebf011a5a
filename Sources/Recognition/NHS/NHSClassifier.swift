import CardModel

/// NHS, CHI and H&C numbers, printed and in barcodes.
///
/// The Modulus 11 check lets one random ten-digit string in eleven through, so a number needs context beyond its
/// check digit before it is offered as valid:
/// - an NHS/CHI/H&C label before it on its line, on a label line just above it, or on a label-only line just below;
/// - or the printed `3 3 4` grouping (not for a repaired reading: a repair needs a label or a barcode; not on a card
///   whose words make it a membership's, `membershipWords`);
/// - or a barcode carrying the same number.
/// A number after another label (`Expires`, `Tel`, `Member`, `Card No`, `Ref`…) or that reads as a date is never
/// an NHS number. Without context it is listed with `valid: false` and the reason, so it never ranks first.
/// A barcode's ten digits are an NHS number only when the card's text says NHS/CHI/H&C, or the card reads as a
/// patient's band or label (a date of birth on it) and no word makes it a membership's; otherwise they are a
/// membership code. The digits printed under a code are its human-readable line, not a second witness: they count
/// for the code only as the code counts for them.
struct NHSClassifier: EvidenceClassifier {

    enum Context: Equatable { case nhsLabel, otherLabel, none }

    func evidence(in card: CardReading) -> [Evidence] {
        var found: [Evidence] = []
        let barcodeNumbers = Set(card.barcodes.map(\.text))
        for (i, line) in card.lines.enumerated() {
            for match in NHSNumberFinder.find(in: line.text) {
                let context = Self.context(of: match, at: i, in: card)
                if context == .otherLabel || Self.readsAsDate(match, in: line.text) && context != .nhsLabel { continue }
                var checks: [String] = []
                var confidence: Double
                let ocr = card.confidence(i)
                if context == .nhsLabel {
                    checks.append("label")
                    confidence = Confidence.nhsText(ocr: ocr, labelled: true)
                } else if barcodeNumbers.contains(match.number.digits), Self.cardSaysNHS(match.number, card) {
                    checks.append("barcode")
                    confidence = Confidence.nhsText(ocr: ocr, inACode: true)
                } else if match.grouped && (!match.repaired || Self.cardNamesNHS(card)) && !Self.isMembershipCard(card) {
                    // A repaired reading needs the card to name NHS too (its title, the label by the number lost):
                    // the grouping alone is not enough for a repair.
                    checks += match.repaired ? ["grouping:334", "card:nhs"] : ["grouping:334"]
                    confidence = Confidence.nhsText(ocr: ocr, grouped: true)
                } else {
                    confidence = Confidence.nhsText(ocr: ocr)
                }
                let hasContext = !checks.isEmpty
                if match.repaired { confidence -= Confidence.nhsRepairPenalty }
                found.append(Self.evidence(match.number, repaired: match.repaired, item: line, confidence: confidence,
                                           fromBarcode: card.fromBarcode, extra: checks,
                                           contextProblem: hasContext ? nil : Self.noContextProblem))
            }
        }
        found += Self.agreed(in: card, besides: Set(found.filter(\.valid).map(\.value)))
        found += Self.acrossBoxes(in: card, besides: Set(found.filter(\.valid).map(\.value)))
        found += card.barcodes.compactMap { barcodeEvidence($0, in: card) }
        return found
    }

    /// NHS numbers no single reading holds but the readings of one printed line agree on, digit by digit
    /// (`LineVote`: at least three readings whose bounds overlap, each with a ten-character number-shaped run).
    /// The agreed number must pass Modulus 11 and the ranges, and one of the readings must have the NHS label; a
    /// reading after another label, or a line that reads as a date, rules the line out.
    static func agreed(in card: CardReading, besides found: Set<String>) -> [Evidence] {
        let runs = card.lines.map { numberShapedRun(in: $0.text) }
        return card.agreedValues(slots: Array(repeating: .digit, count: 10), run: { runs[$0]?.run }).compactMap { agreed in
            guard !found.contains(agreed.value), let number = try? NHSNumber.validate(agreed.value) else { return nil }
            var labelled = false
            for i in agreed.lines {
                let match = NHSNumberFinder.Match(number: number, repaired: true, range: runs[i]!.range)
                if readsAsDate(match, in: card.lines[i].text) { return nil }
                switch context(of: match, at: i, in: card) {
                case .otherLabel: return nil
                case .nhsLabel: labelled = true
                case .none: break
                }
            }
            guard labelled else { return nil }
            return evidence(number, repaired: true, item: card.lines[agreed.lines[0]], confidence: Confidence.nhsText(ocr: agreed.confidence, labelled: true) - Confidence.nhsRepairPenalty,
                            fromBarcode: card.fromBarcode, extra: ["label", "ocr-agreed"])
        }
    }

    /// NHS numbers that the detector cut into two boxes of one row (`CardReading.rowRuns`): found in the row's
    /// joined text where a number runs across a cut, and offered only after an NHS label in the row, the nearest
    /// label before it (without one, such a join is no number anyone printed as one). A banner's `NHS Number 499
    /// 901 5986` read as `Nhsnumbe`, `499 9015` and `986` (cards-dev3 0039).
    static func acrossBoxes(in card: CardReading, besides found: Set<String>) -> [Evidence] {
        // The label must be in the row: a card with none anywhere has no row to join (most cards, every receipt).
        guard cardNamesNHS(card) else { return [] }
        var joined: [Evidence] = []
        for run in card.rowRuns() {
            let lower = Array(run.text.lowercased())
            for match in NHSNumberFinder.find(in: run.text) where run.crossesACut(match.range) {
                guard !found.contains(match.number.digits), !joined.contains(where: { $0.value == match.number.digits }) else { continue }
                guard labelled(before: String(lower[..<match.range.lowerBound])) == .nhsLabel else { continue }
                let spanned = run.lines(covering: match.range)
                let ocr = spanned.map { card.confidence($0) }.min() ?? 0
                let points = spanned.flatMap { card.lines[$0].bounds.points }
                guard let first = spanned.first, let bounds = Quad(enclosing: points) else { continue }
                var confidence = Confidence.nhsText(ocr: ocr, labelled: true)
                if match.repaired { confidence -= Confidence.nhsRepairPenalty }
                let item = card.lines[first]
                let whole = RecognizedItem(id: item.id, kind: item.kind, text: run.text, bounds: bounds, confidence: ocr)
                joined.append(evidence(match.number, repaired: match.repaired, item: whole, confidence: confidence,
                                       fromBarcode: card.fromBarcode, extra: ["label", "joined-boxes"]))
            }
        }
        return joined
    }

    /// The last run of `text` that could be an NHS number as OCR read it: digits and their look-alikes
    /// (`DigitRepair`), spaces, `-` and `.` between them, ten characters once those are taken out and at least
    /// seven of them digits; where it is in `text`. Look-alike letters that end a label before it (the `S` of
    /// `NHS`) are dropped from the front of a run that is too long.
    static func numberShapedRun(in text: String) -> (run: String, range: Range<Int>)? {
        let chars = Array(text)
        let isDigit = DigitRepair.isDigit, isDigitLike = DigitRepair.isDigitLike
        var last: (run: String, range: Range<Int>)?
        var i = 0
        while i < chars.count {
            guard isDigitLike(chars[i]) else { i += 1; continue }
            var kept: [(character: Character, at: Int)] = []
            var j = i
            while j < chars.count, isDigitLike(chars[j]) || " -.".contains(chars[j]) {
                if isDigitLike(chars[j]) { kept.append((chars[j], j)) }
                j += 1
            }
            while kept.count > 10, kept[0].character.isLetter { kept.removeFirst() }
            if kept.count == 10, kept.filter({ isDigit($0.character) }).count >= 7 {
                last = (String(kept.map(\.character)), kept[0].at..<(kept[9].at + 1))
            }
            i = j
        }
        return last
    }

    static let noContextProblem = "printed without an NHS label, the 3 3 4 grouping or a barcode with the same number"

    /// A GSRN that holds an NHS number (NHS wristbands); or a plain 10-digit code on a card that says NHS or prints
    /// the same number.
    private func barcodeEvidence(_ item: RecognizedItem, in card: CardReading) -> Evidence? {
        guard let format = item.format else { return nil }
        if item.gs1 == true {
            guard let gs1 = GS1ElementString(item.text), let nhs = gs1.nhsNumberInGSRN else { return nil }
            return Self.evidence(nhs, repaired: false, item: item, confidence: Confidence.gs1PatientNumber, fromBarcode: true, extra: ["gs1:8018"])
        }
        guard item.text.count == 10, let nhs = NHSNumber(digits: item.text),
              ![.ean13, .ean8, .upcA, .upcE].contains(format), Self.cardSaysNHS(nhs, card) else { return nil }
        return Self.evidence(nhs, repaired: false, item: item, confidence: Confidence.code, fromBarcode: true)
    }


    /// A membership word on the card, and no line naming the NHS scheme. A line that holds a ten-digit number does
    /// not count: there the word is that number's label, judged by `context` (and OCR reads `NHS Number` as `NS
    /// Member`: cards-dev2 0090, a letter).
    static func isMembershipCard(_ card: CardReading) -> Bool {
        !cardNamesNHS(card) && card.lines.contains {
            !labels(Labels.membershipWords, in: $0.text.lowercased()).isEmpty && NHSNumberFinder.find(in: $0.text).isEmpty
        }
    }

    /// Whether a code's ten digits (and their printed line) are an NHS number: the card's text names the scheme; or,
    /// with no membership word on it, the card carries a date of birth (labelled, or a plausible unlabelled one):
    /// a patient's wristband or label prints the number, a name and a date of birth, often without the word NHS.
    static func cardSaysNHS(_ nhs: NHSNumber, _ card: CardReading) -> Bool {
        if cardNamesNHS(card) { return true }
        if isMembershipCard(card) { return false }
        return card.lines.indices.contains { i in
            let inherited = card.text(i - 1).flatMap(DateFinder.labelRole(of:)) ?? .unlabelled
            return DateFinder.find(in: card.lines[i].text, inherited: inherited, today: card.today).contains { match in
                match.role == .dateOfBirth
                    || match.role == .unlabelled && DateFinder.isPlausibleBirthDate(match.date, today: card.today)
            }
        }
    }

    /// A UK Global (or European) Health Insurance Card: issued by the NHS Business Services Authority, whose name
    /// it prints (`UK - NHSBSA`, field 7). Its field 6, `Personal identification number`, holds the holder's NHS
    /// (or CHI, or H&C) number.
    static func isUKHealthInsuranceCard(_ card: CardReading) -> Bool {
        card.lines.contains { !labels(["nhsbsa"], in: $0.text.lowercased()).isEmpty }
    }

    /// A line of the card names the scheme (`NHS`, `CHI`, `H&C`…).
    static func cardNamesNHS(_ card: CardReading) -> Bool {
        card.lines.contains { !labels(Labels.nhsNumber, in: $0.text.lowercased()).isEmpty }
    }

    /// What the number's line (before it), the label line above or a label-only line below say it is.
    static func context(of match: NHSNumberFinder.Match, at i: Int, in card: CardReading) -> Context {
        let chars = Array(card.lines[i].text.lowercased())
        if let said = labelled(before: String(chars[..<match.range.lowerBound])) { return said }
        // The lines before and after in reading order, and the line printed above it in its column: a card printed
        // as a grid of labels over values in two columns is read a row at a time (`5 Date of birth`, `6 Personal
        // identification number`, then both values), and the label over the number is two lines back.
        let above = card.lineAbove(i)
        for neighbour in [i - 1, i + 1] + [above].compactMap({ $0 }) {
            guard let text = card.text(neighbour), NHSNumberFinder.find(in: text).isEmpty,
                  text.filter(\.isNumber).count < 4 else { continue }
            let lower = text.lowercased()
            if !labels(Labels.nhsNumber, in: lower).isEmpty { return .nhsLabel }
            if neighbour == above, !labels(Labels.nhsOnUKHealthInsuranceCard, in: lower).isEmpty, isUKHealthInsuranceCard(card) {
                return .nhsLabel
            }
            // A label-only line above that names something else ("Card number" over the number).
            if neighbour == i - 1, !labels(Labels.notNHS.filter { $0.count > 1 && !Labels.datesBesideNumbers.contains($0) }, in: lower).isEmpty,
               lower.split(separator: " ").count <= 3 { return .otherLabel }
        }
        return .none
    }

    /// What the nearest label in `before` (the lower-cased text before a number) says the number is; nil when
    /// there is none. `NHS card number` ends where `card number` does, and the longer NHS label wins the tie.
    static func labelled(before: String) -> Context? {
        let nhsEnd = labels(Labels.nhsNumber, in: before).max() ?? -1
        let otherEnd = labels(Labels.notNHS, in: before).max() ?? -1
        guard nhsEnd >= 0 || otherEnd >= 0 else { return nil }
        return nhsEnd >= otherEnd ? .nhsLabel : .otherLabel
    }

    /// Where each label occurs as whole words in `lower` (end offsets), for finding the nearest one.
    static func labels(_ list: [String], in lower: String) -> [Int] {
        let chars = Array(lower)
        var ends: [Int] = []
        for label in list {
            let l = Array(label)
            guard l.count <= chars.count else { continue }
            for i in 0...(chars.count - l.count) where Array(chars[i..<(i + l.count)]) == l {
                let beforeOK = i == 0 || !chars[i - 1].isLetter
                let afterOK = i + l.count == chars.count || !chars[i + l.count].isLetter
                if beforeOK && afterOK { ends.append(i + l.count) }
            }
        }
        return ends
    }

    /// An ungrouped run that is a date read without its slashes (`27/04/2025` → `2710412025`: a slash read as 1 or
    /// 7), or a line whose other text is a date.
    static func readsAsDate(_ match: NHSNumberFinder.Match, in line: String) -> Bool {
        let d = Array(match.number.digits)
        if !match.grouped, "17".contains(d[2]), "17".contains(d[5]), let year = Int(String(d[6...])), (1900...2099).contains(year) {
            return true
        }
        return !DateFinder.dates(in: line.lowercased()).isEmpty
    }

    static func evidence(_ nhs: NHSNumber, repaired: Bool, item: RecognizedItem, confidence: Double, fromBarcode: Bool,
                         extra: [String] = [], contextProblem: String? = nil) -> Evidence {
        let invalid = NHSNumber.invalidity(of: nhs.digits)
        var checks = nhs.checks + extra
        if repaired { checks.append("ocr-repaired") }
        let valid = invalid == nil && contextProblem == nil
        return Evidence(kind: .nhsNumber, value: nhs.digits, display: nhs.formatted, valid: valid, checks: checks,
                        problem: invalid?.description ?? contextProblem, confidence: min(Confidence.textCeiling, max(0, confidence)), itemID: item.id,
                        bounds: item.bounds, fromBarcode: fromBarcode)
    }
}
