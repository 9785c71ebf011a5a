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

extension ArgumentList {
    /// `--photo-timeout SECONDS` (scan, import): how long a worker may spend on one photo before it is stopped and
    /// the photo reported; nil when not given (the option's default, 120 s).
    func photoTimeout() throws(UsageError) -> Double? {
        guard let text = value("--photo-timeout") else { return nil }
        guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
            throw UsageError("--photo-timeout needs seconds > 0")
        }
        return seconds
    }
}
