import CardModel

/// EAN/UPC text in one canonical form: GTIN-13. zbar reports UPC-A as 12 digits and UPC-E as 8 when they are
/// enabled by name, while the codes are the same products as their 13-digit EAN forms; we keep the true
/// symbology in `format` and give the text as GTIN-13, so a loyalty card reads the same however it is printed.
enum GTIN {
    static func canonicalText(_ text: String, format: BarcodeFormat) -> String {
        switch format {
        case .upcA where text.count == 12: return "0" + text
        case .upcE where text.count == 8: return expandUPCE(text).map { "0" + $0 } ?? text
        default: return text
        }
    }

    /// UPC-E (number system, six digits, check) to its 12-digit UPC-A form, by the GS1 zero-suppression rules.
    static func expandUPCE(_ upce: String) -> String? {
        let d = Array(upce)
        guard d.count == 8, d.allSatisfy(\.isASCII), d.allSatisfy(\.isNumber), d[0] == "0" || d[0] == "1" else {
            return nil
        }
        let ns = String(d[0]), m = d[1...6].map(String.init), check = String(d[7])
        let body: String
        switch m[5] {
        case "0", "1", "2": body = m[0] + m[1] + m[5] + "0000" + m[2] + m[3] + m[4]
        case "3": body = m[0] + m[1] + m[2] + "00000" + m[3] + m[4]
        case "4": body = m[0] + m[1] + m[2] + m[3] + "00000" + m[4]
        default: body = m[0] + m[1] + m[2] + m[3] + m[4] + "0000" + m[5]
        }
        return ns + body + check
    }
}
