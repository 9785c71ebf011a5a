import CardModel

/// Everything read from one card, as the classifiers see it: the text lines in reading order (so a label on the
/// line above a value can be found) and the barcodes.
///
/// The content of a 2D code that carries text (`Name: …, DOB: …`) is read as a card of its own whose lines are the
/// code's parts (`fromBarcode`).
struct CardReading {
    let lines: [RecognizedItem]
    let barcodes: [RecognizedItem]
    let today: SimpleDate
    /// The reading is of a wristband (`wristband IMAGE`, `camera --wristband`): a band's code is its patient ID.
    let wristbandMode: Bool
    /// The lines are parts of a barcode's content, not printed text.
    let fromBarcode: Bool

    func text(_ i: Int) -> String? { lines.indices.contains(i) ? lines[i].text : nil }

    /// Confidence of a value read from line `i`: the OCR confidence, or a code's near-certain read.
    func confidence(_ i: Int) -> Double { fromBarcode ? 0.95 : lines[i].confidence }
}

/// One family of identifiers (NHS, Channel Islands social security, wristband/GS1, hospital numbers, retail,
/// demographics): reads a card for its kinds of value. `SuggestionBuilder` composes them; adding a family is one
/// classifier in its folder and one line in `EvidenceCollector.classifiers`.
protocol EvidenceClassifier: Sendable {
    func evidence(in card: CardReading) -> [Evidence]
}
