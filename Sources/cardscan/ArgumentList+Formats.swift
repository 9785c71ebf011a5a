import CardModel

extension ArgumentList {
    /// `--formats LIST` as barcode formats; nil when the option is not given. Loose spellings are accepted
    /// (`ean13`, `qr`, `datamatrix`); an unknown name or an empty list is a usage error.
    func barcodeFormats() throws(UsageError) -> Set<BarcodeFormat>? {
        guard let list = value("--formats") else { return nil }
        let (formats, unknown) = BarcodeFormat.parseList(list)
        guard unknown.isEmpty else { throw UsageError("unknown format(s): \(unknown.joined(separator: ", "))") }
        guard !formats.isEmpty else { throw UsageError("--formats lists no format") }
        return formats
    }
}
