import CardModel

/// The one table of how each `BarcodeFormat` is named by each library (like zxing-cpp's ZX_BCF_LIST).
/// zbar reads the formats it has; zxing-cpp reads the 2D formats zbar lacks. A test pins every number to the
/// C constant it stands for.
struct FormatTableRow: Sendable {
    let format: BarcodeFormat
    /// zbar's `zbar_symbol_type_t` value, when zbar reads this format.
    let zbarSymbol: UInt32?
    /// zxing-cpp's `BarcodeFormat` bit.
    let zxingBit: Int32
}

enum FormatTable {
    static let rows: [FormatTableRow] = [
        .init(format: .ean8, zbarSymbol: 8, zxingBit: 1 << 8),                // ZBAR_EAN8, EAN8
        .init(format: .ean13, zbarSymbol: 13, zxingBit: 1 << 9),              // ZBAR_EAN13, EAN13
        .init(format: .upcA, zbarSymbol: 12, zxingBit: 1 << 14),              // ZBAR_UPCA, UPCA
        .init(format: .upcE, zbarSymbol: 9, zxingBit: 1 << 15),               // ZBAR_UPCE, UPCE
        .init(format: .code128, zbarSymbol: 128, zxingBit: 1 << 4),           // ZBAR_CODE128, Code128
        .init(format: .code39, zbarSymbol: 39, zxingBit: 1 << 2),             // ZBAR_CODE39, Code39
        .init(format: .code93, zbarSymbol: 93, zxingBit: 1 << 3),             // ZBAR_CODE93, Code93
        .init(format: .itf, zbarSymbol: 25, zxingBit: 1 << 10),               // ZBAR_I25, ITF
        .init(format: .codabar, zbarSymbol: 38, zxingBit: 1 << 1),            // ZBAR_CODABAR, Codabar
        .init(format: .dataBar, zbarSymbol: 34, zxingBit: 1 << 5),            // ZBAR_DATABAR, DataBar
        .init(format: .dataBarExpanded, zbarSymbol: 35, zxingBit: 1 << 6),    // ZBAR_DATABAR_EXP, DataBarExpanded
        .init(format: .qrCode, zbarSymbol: 64, zxingBit: 1 << 13),            // ZBAR_QRCODE, QRCode
        .init(format: .dataMatrix, zbarSymbol: nil, zxingBit: 1 << 7),        // —, DataMatrix
        .init(format: .pdf417, zbarSymbol: nil, zxingBit: 1 << 12),           // — (not built into Debian's zbar), PDF417
        .init(format: .aztec, zbarSymbol: nil, zxingBit: 1 << 0),             // —, Aztec
    ]

    static func format(zbarSymbol: UInt32) -> BarcodeFormat? { rows.first { $0.zbarSymbol == zbarSymbol }?.format }
    static func format(zxingBit: Int32) -> BarcodeFormat? { rows.first { $0.zxingBit == zxingBit }?.format }
    static func row(_ format: BarcodeFormat) -> FormatTableRow { rows.first { $0.format == format }! }

    /// Formats only zxing-cpp reads here.
    static let zxingOnly: Set<BarcodeFormat> = Set(rows.filter { $0.zbarSymbol == nil }.map(\.format))
}
