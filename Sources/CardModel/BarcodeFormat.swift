import Foundation

/// Every barcode symbology cardscan reads. The raw value is the JSON name (the contract's `format`).
/// The table of how each maps onto zbar and zxing lives in Decoding/FormatTable.swift.
public enum BarcodeFormat: String, CaseIterable, Sendable, Codable, Hashable {
    case ean8 = "EAN-8"
    case ean13 = "EAN-13"
    case upcA = "UPC-A"
    case upcE = "UPC-E"
    case code128 = "CODE-128"
    case code39 = "CODE-39"
    case code93 = "CODE-93"
    case itf = "ITF"
    case codabar = "CODABAR"
    case dataBar = "DATABAR"
    case dataBarExpanded = "DATABAR-EXP"
    case qrCode = "QR-CODE"
    case dataMatrix = "DATAMATRIX"
    case pdf417 = "PDF417"
    case aztec = "AZTEC"

    public var isLinear: Bool {
        switch self {
        case .qrCode, .dataMatrix, .pdf417, .aztec: false
        default: true
        }
    }

    /// Parses a user's spelling: the JSON name, or a loose form such as `ean13`, `qr`, `datamatrix`, `code128`.
    public init?(userSpelling: String) {
        let key = userSpelling.lowercased().filter { $0.isLetter || $0.isNumber }
        let aliases: [String: BarcodeFormat] = [
            "qr": .qrCode, "upc": .upcA, "i25": .itf, "interleaved2of5": .itf, "rss14": .dataBar,
            "rssexpanded": .dataBarExpanded, "gs1databar": .dataBar, "dm": .dataMatrix,
        ]
        if let alias = aliases[key] { self = alias; return }
        guard let match = BarcodeFormat.allCases.first(where: {
            $0.rawValue.lowercased().filter { $0.isLetter || $0.isNumber } == key
        }) else { return nil }
        self = match
    }

    /// Parses a comma-separated list such as `ean13,qr,datamatrix`; returns the spellings it did not know.
    public static func parseList(_ list: String) -> (formats: Set<BarcodeFormat>, unknown: [String]) {
        var formats = Set<BarcodeFormat>(), unknown: [String] = []
        for part in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            if part.lowercased() == "all" { formats.formUnion(allCases); continue }
            if let f = BarcodeFormat(userSpelling: part) { formats.insert(f) } else { unknown.append(part) }
        }
        return (formats, unknown)
    }
}

