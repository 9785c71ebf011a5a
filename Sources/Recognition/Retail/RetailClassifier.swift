import CardModel

/// Retail codes (EAN-13, EAN-8, UPC) are loyalty cards, with their GS1 check digit checked and the code type kept
/// (`ean8` stays `ean8`). Any other code that no other family claimed is a membership card's number, unless it is
/// too long to be a number someone keeps.
struct RetailClassifier {
    static let retailFormats: Set<BarcodeFormat> = [.ean13, .ean8, .upcA, .upcE]

    func evidence(in card: CardReading, claimed: Set<String>) -> [Evidence] {
        card.barcodes.compactMap { item -> Evidence? in
            guard let format = item.format else { return nil }
            let text = item.text
            if Self.retailFormats.contains(format) {
                let valid = GS1ElementString.passesMod10(text)
                return Evidence(kind: .loyalty, value: text, display: text, valid: valid, checks: valid ? ["gtin:mod10"] : [],
                                problem: valid ? nil : "fails the EAN/UPC check digit", confidence: Confidence.code, itemID: item.id,
                                bounds: item.bounds, fromBarcode: true, codeType: CodeType(format: format))
            }
            guard !claimed.contains(item.id), !text.isEmpty, text.count <= 40, item.gs1 != true else { return nil }
            return .valid(.membership, text, checks: ["barcode"], confidence: Confidence.unknownCode, item: item, fromBarcode: true,
                          codeType: CodeType(format: format))
        }
    }
}
