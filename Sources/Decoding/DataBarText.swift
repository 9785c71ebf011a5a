import CardModel

/// One DataBar symbol, one text, whichever reader read it. zbar gives a DataBar's GS1 element string: `01` and the
/// GTIN, and for DataBar Expanded the AIs and values run together with a GS (0x1D) after a value of no predefined
/// length that another field follows. zxing-cpp gave the bare 14-digit GTIN (DataBar) and the human-readable form
/// `(01)…(10)…` (Expanded), both marked as plain text (1.4; 3 is read in its plain text mode, and the rewrite
/// leaves an element string as it is). Found on a generated DataBar photo that zbar missed and
/// zxing's second opinion read: the card got `03198341725861` where every other read of that code gives
/// `0103198341725861`, a different loyalty number for the same card. zxing's text is rewritten to zbar's.
enum DataBarText {
    /// zxing's text of a `.dataBar` or `.dataBarExpanded` symbol as zbar gives it; any other text unchanged.
    static func fromZXing(_ text: String, format: BarcodeFormat) -> String {
        switch format {
        case .dataBar where text.count == 14 && text.allSatisfy(\.isASCIINumber):
            return "01" + text
        case .dataBarExpanded where text.hasPrefix("("):
            return elementString(humanReadable: text) ?? text
        default:
            return text
        }
    }

    /// `(01)98898765432106(10)ABC123(15)991231` -> `019889876543210610ABC123␝15991231`; nil when the text is not
    /// made of `(AI)value` fields.
    static func elementString(humanReadable text: String) -> String? {
        var fields: [(ai: String, value: String)] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            guard rest.first == "(", let close = rest.firstIndex(of: ")") else { return nil }
            let ai = rest[rest.index(after: rest.startIndex)..<close]
            guard (2...4).contains(ai.count), ai.allSatisfy(\.isASCIINumber) else { return nil }
            let valueStart = rest.index(after: close)
            let valueEnd = rest[valueStart...].firstIndex(of: "(") ?? rest.endIndex
            guard valueEnd > valueStart else { return nil }
            fields.append((String(ai), String(rest[valueStart..<valueEnd])))
            rest = rest[valueEnd...]
        }
        guard !fields.isEmpty else { return nil }
        var out = ""
        for (index, field) in fields.enumerated() {
            out += field.ai + field.value
            if index < fields.count - 1, !hasPredefinedLength(field.ai) { out += "\u{1D}" }
        }
        return out
    }

    /// AIs whose element strings have a predefined length, so no separator follows them (GS1 General
    /// Specifications, 7.8.5: by the AI's first two digits).
    static func hasPredefinedLength(_ ai: String) -> Bool {
        guard let prefix = Int(ai.prefix(2)) else { return false }
        return (0...4).contains(prefix) || (11...20).contains(prefix) || (31...36).contains(prefix) || prefix == 41
    }
}

private extension Character {
    var isASCIINumber: Bool { isASCII && isNumber }
}
