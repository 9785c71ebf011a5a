import CardModel

/// The one table of how each `BarcodeFormat` is named by each library (like zxing-cpp's ZX_BCF_LIST).
/// zbar reads the formats it has; zxing-cpp reads the 2D formats zbar lacks. A test pins every number to the
/// C constant it stands for.
struct FormatTableRow: Sendable {
    let format: BarcodeFormat
    /// zbar's `zbar_symbol_type_t` value, when zbar reads this format.
    let zbarSymbol: UInt32?
    /// The zxing-cpp 3 `BarcodeFormat`s asked for to read this format (`ZX_BCF_ID(symbology, variant)`: the
    /// symbology's letter in the low byte, the variant's in the high one). The first is what zxing names a read of it.
    let zxingFormats: [UInt16]
}

/// zxing-cpp 3's `ZX_BCF_ID(SYM, VAR)`.
private func zx(_ symbology: Character, _ variant: Character = " ") -> UInt16 {
    UInt16(symbology.asciiValue!) | UInt16(variant.asciiValue!) << 8
}

enum FormatTable {
    static let rows: [FormatTableRow] = [
        .init(format: .ean8, zbarSymbol: 8, zxingFormats: [zx("E", "8")]),            // ZBAR_EAN8, EAN8
        .init(format: .ean13, zbarSymbol: 13, zxingFormats: [zx("E", "1")]),          // ZBAR_EAN13, EAN13
        .init(format: .upcA, zbarSymbol: 12, zxingFormats: [zx("E", "a")]),           // ZBAR_UPCA, UPCA
        .init(format: .upcE, zbarSymbol: 9, zxingFormats: [zx("E", "e")]),            // ZBAR_UPCE, UPCE
        .init(format: .code128, zbarSymbol: 128, zxingFormats: [zx("C")]),            // ZBAR_CODE128, Code128
        // Standard Code 39 only, as zbar reads it: full ASCII would turn "+A" into "a", and Code 32 is read here
        // from Code 39's text (Code32.swift).
        .init(format: .code39, zbarSymbol: 39, zxingFormats: [zx("A", "s")]),         // ZBAR_CODE39, Code39Std
        .init(format: .code93, zbarSymbol: 93, zxingFormats: [zx("G")]),              // ZBAR_CODE93, Code93
        .init(format: .itf, zbarSymbol: 25, zxingFormats: [zx("I")]),                 // ZBAR_I25, ITF
        .init(format: .codabar, zbarSymbol: 38, zxingFormats: [zx("F")]),             // ZBAR_CODABAR, Codabar
        .init(format: .dataBar, zbarSymbol: 34,                                       // ZBAR_DATABAR, DataBar Omni,
              zxingFormats: [zx("e", "o"), zx("e", "s"), zx("e", "O")]),              // Stacked, Stacked Omni
        .init(format: .dataBarExpanded, zbarSymbol: 35,                               // ZBAR_DATABAR_EXP, DataBar
              zxingFormats: [zx("e", "e"), zx("e", "E")]),                            // Expanded (Stacked)
        // A whole symbology is asked for by its base name: zxing-cpp 3.1.1's pure path (the grids our locators draw)
        // read nothing when asked for QR Model 2 or Model 1 by name, and a QR code when asked for QR (tilted-card-qr).
        .init(format: .qrCode, zbarSymbol: 64, zxingFormats: [zx("Q")]),              // ZBAR_QRCODE, QRCode
        .init(format: .dataMatrix, zbarSymbol: nil, zxingFormats: [zx("d")]),         // —, DataMatrix
        .init(format: .pdf417, zbarSymbol: nil, zxingFormats: [zx("L")]),             // — (not in Debian's zbar), PDF417
        .init(format: .aztec, zbarSymbol: nil, zxingFormats: [zx("z")]),              // —, Aztec
    ]

    static func format(zbarSymbol: UInt32) -> BarcodeFormat? { rows.first { $0.zbarSymbol == zbarSymbol }?.format }
    /// The format of a zxing-cpp 3 read: the row asking for that variant, else the row of its symbology's base
    /// (a read may name a finer variant than was asked for, ISBN for EAN-13, say).
    static func format(zxingFormat: UInt16) -> BarcodeFormat? {
        if let row = rows.first(where: { $0.zxingFormats.contains(zxingFormat) }) { return row.format }
        if zxingFormat == zx("E", "i") { return .ean13 }
        let symbology = zxingFormat & 0xFF
        let matching = rows.filter { $0.zxingFormats.contains { $0 & 0xFF == symbology } }
        return matching.count == 1 ? matching[0].format : nil
    }
    static func row(_ format: BarcodeFormat) -> FormatTableRow { rows.first { $0.format == format }! }

    /// Formats only zxing-cpp reads here.
    static let zxingOnly: Set<BarcodeFormat> = Set(rows.filter { $0.zbarSymbol == nil }.map(\.format))
}
