/// What an Aztec symbol's mode message says (ISO/IEC 24778, 7.2): its number of layers and data codewords, or,
/// for an Aztec Rune (an 11x11 compact symbol that is all mode message), its one-byte value.
enum AztecModeMessage: Equatable {
    case symbol(layers: Int, dataCodewords: Int)
    case rune(UInt8)

    /// Reads the message bits, most significant first, as sampled clockwise from the top-left orientation mark:
    /// 28 for a compact symbol, 40 for a full-range one.
    static func decode(_ bits: [Bool], compact: Bool) -> AztecModeMessage? {
        let words = stride(from: 0, to: bits.count, by: 4).map { i in
            (0..<4).reduce(UInt8(0)) { $0 << 1 | (bits[i + $1] ? 1 : 0) }
        }
        if compact {
            if let (value, _) = GF16ReedSolomon.compact.decode(words) {
                return .symbol(layers: (value >> 6) + 1, dataCodewords: (value & 0x3F) + 1)
            }
            // A rune's message is the same code with every other bit inverted (1010... over all 28 bits), so a
            // rune never passes as a compact symbol's message nor the reverse. Runes carry nothing else to check
            // them, so they get a stricter error limit.
            let flipped = words.map { $0 ^ 0b1010 }
            if let (value, _) = GF16ReedSolomon.compact.decode(flipped, maxErrors: 1) { return .rune(UInt8(value)) }
            return nil
        }
        guard let (value, _) = GF16ReedSolomon.full.decode(words) else { return nil }
        return .symbol(layers: (value >> 11) + 1, dataCodewords: (value & 0x7FF) + 1)
    }

    /// Modules across a symbol with this many layers, reference grid included (ISO/IEC 24778, table 1).
    static func size(layers: Int, compact: Bool) -> Int {
        if compact { return 11 + 4 * layers }
        let base = 14 + 4 * layers
        return base + 1 + 2 * ((base / 2 - 1) / 15)
    }
}
