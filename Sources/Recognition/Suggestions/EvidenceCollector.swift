import CardModel

/// Reads every item for every kind of value it may hold, by composing one classifier per identifier family.
/// Pure: the same items give the same evidence.
struct EvidenceCollector {
    let today: SimpleDate
    var wristbandMode = false
    /// The given-name lexicon names are held to (nil: no check).
    let givenNames: GivenNames?

    /// The families, each in its own folder. Retail runs last: a code no other family claimed is a membership card.
    var classifiers: [any EvidenceClassifier] {
        [NHSClassifier(), SocialSecurityClassifier(), HospitalNumberClassifier(), DemographicsClassifier(givenNames: givenNames),
         DateOfBirthClassifier(), PostcodeClassifier()]
    }
    /// The families that read text carried inside a 2D code (`Name: …, DOB: …`).
    var textClassifiers: [any EvidenceClassifier] {
        [NHSClassifier(), SocialSecurityClassifier(), DemographicsClassifier(givenNames: givenNames), DateOfBirthClassifier(),
         PostcodeClassifier()]
    }

    func collect(from items: [RecognizedItem]) -> [Evidence] {
        let lines = items.filter { $0.kind == .text }.map { item in
            var spaced = item
            spaced.text = Labels.gluedBirthLabelSpaced(item.text)
            return spaced
        }
        let card = CardReading(lines: lines, barcodes: items.filter { $0.kind == .barcode },
                               today: today, wristbandMode: wristbandMode, fromBarcode: false)
        var evidence = classifiers.flatMap { $0.evidence(in: card) }
        let codesWithText = card.barcodes.filter { [.qrCode, .pdf417, .aztec].contains($0.format) && $0.gs1 != true }
        if !codesWithText.isEmpty {
            let readers = textClassifiers
            for code in codesWithText { evidence += readers.flatMap { $0.evidence(in: contentReading(of: code)) } }
        }
        let claimed = Set(evidence.filter(\.fromBarcode).map(\.itemID))
        evidence += RetailClassifier().evidence(in: card, claimed: claimed)
        return evidence
    }

    /// A code's content read like printed lines: its parts between commas, newlines and `*`.
    private func contentReading(of code: RecognizedItem) -> CardReading {
        let parts = code.text.split(whereSeparator: { $0 == "," || $0 == "\n" || $0 == "*" })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let lines = parts.map { RecognizedItem(id: code.id, kind: .text, text: $0, bounds: code.bounds, confidence: Confidence.codeText) }
        return CardReading(lines: lines, barcodes: [], today: today, wristbandMode: false, fromBarcode: true)
    }
}
