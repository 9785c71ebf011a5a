import Foundation

/// Decides a QR code's character set from its raw bytes (zbar's binary mode), instead of zbar's guess.
/// QR's default is ISO-8859-1, but nearly every encoder today writes UTF-8, and Japanese ones Shift_JIS.
enum QRText {
    enum Charset: String { case utf8 = "UTF-8", shiftJIS = "Shift_JIS", latin1 = "ISO-8859-1" }

    static func decode(_ bytes: [UInt8]) -> (text: String, charset: Charset) {
        if let utf8 = String(validating: bytes, as: UTF8.self) { return (utf8, .utf8) }
        if looksLikeShiftJIS(bytes), let sjis = String(data: Data(bytes), encoding: .shiftJIS) { return (sjis, .shiftJIS) }
        return (String(decoding: bytes.map { UInt16($0) }, as: UTF16.self), .latin1)
    }

    /// Shift_JIS double-byte sequences: a lead byte 0x81–0x9F or 0xE0–0xEF followed by 0x40–0xFC (not 0x7F).
    /// Text is taken as Shift_JIS only when every high byte is part of such a pair.
    static func looksLikeShiftJIS(_ b: [UInt8]) -> Bool {
        var i = 0, pairs = 0
        while i < b.count {
            let c = b[i]
            if c < 0x80 { i += 1; continue }
            if (0xA1...0xDF).contains(c) { i += 1; continue }  // half-width katakana
            guard (0x81...0x9F).contains(c) || (0xE0...0xEF).contains(c), i + 1 < b.count,
                  (0x40...0xFC).contains(b[i + 1]), b[i + 1] != 0x7F else { return false }
            pairs += 1; i += 2
        }
        return pairs > 0
    }
}
