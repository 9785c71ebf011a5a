import CardModel

/// Hospital numbers: printed after their label (`Hosp No`, `MRN`, `URN`, `Unit No`…) on the line or the next,
/// a wristband's patient ID (`Wristband.patientID`), and a code whose content is a labelled hospital number
/// (`URN:J020919`) or the number printed beside a hospital-number label.
///
/// Each is a `hospitalNumber`; a band's patient ID is also a `jerseyPatientId` (the card), which
/// `SuggestionBuilder` keeps only in Jersey.
struct HospitalNumberClassifier: EvidenceClassifier {
    /// A hospital number read with a slip repaired (`HospitalNumberFinder.value(startingIn:)`) is offered below one
    /// read as printed.
    static let repairedWeight = 0.8

    func evidence(in card: CardReading) -> [Evidence] {
        var found: [Evidence] = []
        var printed: Set<String> = []
        for (i, line) in card.lines.enumerated() {
            guard let match = HospitalNumberFinder.match(in: line.text, next: card.text(i + 1)) else { continue }
            printed.insert(match.value)
            // No check digit vouches for a printed hospital number: an uncertain OCR line counts against it twice, and
            // a repaired slip once more.
            let confidence = 0.95 * card.confidence(i) * card.confidence(i) * (match.repaired ? Self.repairedWeight : 1)
            found.append(.valid(.hospitalNumber, match.value, checks: match.repaired ? ["label", "ocr-repaired"] : ["label"],
                                confidence: confidence, item: line, fromBarcode: card.fromBarcode))
        }
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
            found.append(.valid(.hospitalNumber, id.value, checks: checks, confidence: 0.95, item: item, fromBarcode: true,
                                codeType: id.codeType))
            found.append(.valid(.jerseyPatientId, id.value, checks: checks, confidence: 0.95, item: item, fromBarcode: true,
                                codeType: id.codeType))
        }
        return found
    }
}
