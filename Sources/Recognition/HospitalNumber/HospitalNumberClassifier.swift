import CardModel
import Foundation

/// Hospital numbers: printed after their label (`Hosp No`, `MRN`, `URN`, `Unit No`…) on the line or the next,
/// a wristband's patient ID (`Wristband.patientID`), and a code whose content is a labelled hospital number
/// (`URN:J020919`) or the number printed beside a hospital-number label.
///
/// Each is a `hospitalNumber`; a band's patient ID is also a `jerseyPatientId` (the card), which
/// `SuggestionBuilder` keeps only in Jersey.
struct HospitalNumberClassifier: EvidenceClassifier {
    func evidence(in card: CardReading) -> [Evidence] {
        var found: [Evidence] = []
        var printed: Set<String> = []
        for (i, line) in card.lines.enumerated() {
            guard let match = HospitalNumberFinder.match(in: line.text, next: card.text(i + 1)),
                  !Self.isNHSNumber(match.value) else { continue }
            printed.insert(match.value)
            // No check digit vouches for a printed hospital number: an uncertain OCR line counts against it twice, and
            // a repaired slip once more.
            let confidence = Confidence.hospitalNumber(ocr: card.confidence(i)) * (match.repaired ? Confidence.repairedShare : 1)
            found.append(.valid(.hospitalNumber, match.value, checks: match.repaired ? ["label", "ocr-repaired"] : ["label"],
                                confidence: confidence, item: line, fromBarcode: card.fromBarcode))
        }
        found += unlabelled(in: card, printed: printed)
        found = Self.cutReadingsGivingWay(found)
        for item in card.barcodes {
            guard let format = item.format else { continue }
            let id: Wristband.PatientID?
            if let band = Wristband.patientID(in: item, wristbandMode: card.wristbandMode) {
                id = band
            } else if item.gs1 != true, ![.ean13, .ean8, .upcA, .upcE].contains(format) {
                // `URN:J020919`, or a code that is the number printed after a hospital-number label.
                let stripped = HospitalNumberFinder.strippingLabel(item.text)
                let labelled = stripped != item.text && HospitalNumberFinder.isHospitalNumber(stripped)
                id = labelled || printed.contains(item.text.uppercased())
                    ? Wristband.PatientID(value: stripped, codeType: CodeType(format: format), source: "barcode") : nil
            } else {
                id = nil
            }
            guard let id else { continue }
            let checks = id.source == "barcode" ? ["barcode"] : ["gs1"]
            found.append(.valid(.hospitalNumber, id.value, checks: checks, confidence: Confidence.code, item: item, fromBarcode: true,
                                codeType: id.codeType))
            found.append(.valid(.jerseyPatientId, id.value, checks: checks, confidence: Confidence.code, item: item, fromBarcode: true,
                                codeType: id.codeType))
        }
        return found
    }

    /// Printed hospital numbers without those that are another's reading with its leading letters lost: the same
    /// line read twice (as read, and sharpened or by the layout path) can come back `M0007415` once and `0007415`
    /// once, surer (cards-dev2 0006), and the cut reading then ranked first. A card prints one patient's number;
    /// a value that is another's tail after one to three letters is that number cut short, as a name's part gives
    /// way to the whole name (`SuggestionBuilder.partsGivingWayToWholeNames`).
    static func cutReadingsGivingWay(_ found: [Evidence]) -> [Evidence] {
        let values = Set(found.filter { $0.kind == .hospitalNumber }.map(\.value))
        return found.filter { evidence in
            guard evidence.kind == .hospitalNumber else { return true }
            return !values.contains { whole in
                whole.count > evidence.value.count && whole.count - evidence.value.count <= 3 && whole.hasSuffix(evidence.value)
                    && whole.dropLast(evidence.value.count).allSatisfy { $0.isLetter }
            }
        }
    }

    /// Ten digits that pass the NHS number's Modulus 11: the NHS number read beside a hospital-number label that
    /// stands alone (labels in a row over values in a row), not a hospital number (one in eleven random ten-digit
    /// numbers would pass; hospital numbers are rarely ten bare digits).
    static func isNHSNumber(_ value: String) -> Bool {
        value.count == 10 && value.allSatisfy(\.isNumber) && NHSNumber.isValid(value)
    }

    /// A hospital number alone on its line with its label elsewhere: letters and forms print labels in a row and
    /// values in the row under it (`NHS NO.  PATIENT  MRN` over `… 65003114`), or a label OCR lost (`HOw. NO.` for
    /// `HOSP. NO.`). Offered, well below a labelled one, only on a card that speaks of a patient or a hospital
    /// number; one to three letters and five to ten digits (not an island's `JY`/`GY` number), or, when a
    /// hospital-number label stands alone on a line, six to nine digits (ten would be an NHS number's length).

    func unlabelled(in card: CardReading, printed: Set<String>) -> [Evidence] {
        let lower = card.lines.map { $0.text.lowercased() }
        let loneLabel = card.lines.contains { HospitalNumberFinder.isLabelled($0.text) && HospitalNumberFinder.match(in: $0.text) == nil }
        guard loneLabel || lower.contains(where: { $0.contains("patient") }) else { return [] }
        var found: [Evidence] = []
        for (i, line) in card.lines.enumerated() {
            let token = line.text.trimmingCharacters(in: .init(charactersIn: " |:;.,'‘’\"_-")).uppercased()
            guard !printed.contains(token), HospitalNumberFinder.isHospitalNumber(token), !Self.isNHSNumber(token),
                  !["JY", "GY"].contains(String(token.prefix(2))) else { continue }
            let digits = token.filter(\.isNumber).count
            if digits == token.count, !(loneLabel && (6...9).contains(digits)) { continue }
            let confidence = Confidence.unlabelledHospitalShare * Confidence.hospitalNumber(ocr: card.confidence(i))
            found.append(.valid(.hospitalNumber, token, checks: ["shape"], confidence: confidence, item: line,
                                fromBarcode: card.fromBarcode))
        }
        return found
    }
}
