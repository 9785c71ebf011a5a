import CardModel

/// Code 32 (Italian pharmacode, "Codice Farmaceutico"): a Code 39 symbol whose six characters are a base-32
/// number; its text is "A" and that number as nine digits, the last a check digit. Medicine packs in Italy carry
/// it. Read as plain Code 39 it gives meaningless letters ("3PRM8N" for A123456788), so a six-character Code 39
/// whose base-32 value passes the Code 32 check is given in its Code 32 form.
///
/// Risk kept small on purpose: an all-digit Code 39 (a six-digit member number, say) is never taken for Code 32
/// (only 0.1% of real Code 32 values are all digits in base 32), and the check digit rejects 9 in 10 of the rest.
enum Code32 {
    static let alphabet = Array("0123456789BCDFGHJKLMNPQRSTUVWXYZ")

    static func interpreting(_ barcode: Barcode) -> Barcode {
        guard barcode.format == .code39, let text = pharmacode(fromCode39: barcode.text) else { return barcode }
        var converted = barcode
        converted.text = text
        return converted
    }

    static func pharmacode(fromCode39 text: String) -> String? {
        let chars = Array(text)
        guard chars.count == 6, chars.contains(where: \.isLetter) else { return nil }
        var value = 0
        for c in chars {
            guard let digit = alphabet.firstIndex(of: c) else { return nil }
            value = value * 32 + digit
        }
        guard value < 1_000_000_000 else { return nil }
        let digits = Array(String(value)).map { Int(String($0))! }
        let nine = Array(repeating: 0, count: 9 - digits.count) + digits
        guard checkDigit(Array(nine.prefix(8))) == nine[8] else { return nil }
        return "A" + nine.map(String.init).joined()
    }

    /// Digits in odd positions as they are, digits in even positions doubled (and the two digits of the result
    /// added), all summed, modulo 10.
    static func checkDigit(_ eight: [Int]) -> Int {
        var sum = 0
        for (i, d) in eight.enumerated() {
            if i % 2 == 0 { sum += d } else { let doubled = d * 2; sum += doubled / 10 + doubled % 10 }
        }
        return sum % 10
    }
}
