/// The image file formats cardscan reads, recognised from their first bytes (never from the file name: a text
/// file named `.jpg` is still a text file).
public enum ImageFileFormat: String, Sendable {
    case png = "PNG", jpeg = "JPEG", webp = "WebP", tiff = "TIFF", gif = "GIF", bmp = "BMP", pnm = "PNM"

    public init?(sniffing header: some Collection<UInt8>) {
        let b = Array(header.prefix(16))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + magic.count && Array(b[offset..<(offset + magic.count)]) == magic
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { self = .webp }
        else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { self = .tiff }
        else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { self = .gif }
        else if starts(Array("BM".utf8)) && b.count >= 14 { self = .bmp }
        else if b.count >= 3, b[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(b[1]),
                [0x20, 0x0A, 0x0D, 0x09].contains(b[2]) { self = .pnm }
        else { return nil }
    }

    /// Whether the file's bytes end where the format says its data ends. Decoders often return a half-grey
    /// picture for a cut-off file instead of failing, so we check the trailer ourselves.
    func looksComplete(_ bytes: [UInt8]) -> Bool {
        switch self {
        case .png:
            return Self.pngChunksReachEnd(bytes)
        case .gif:
            // The trailer byte 0x3B ends a GIF; some writers pad after it.
            return bytes.suffix(16).contains(0x3B)
        case .jpeg:
            return Self.jpegReachesEndOfImage(bytes)
        case .webp:
            // RIFF size field says how long the file is.
            guard bytes.count >= 12 else { return false }
            let riffSize = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
            return bytes.count >= riffSize + 8
        case .tiff, .bmp, .pnm:
            return true  // no trailer; the decoder reports short data
        }
    }

    /// Walks a PNG's chunks to IEND, each inside the file. libpng allocates a chunk's declared length before
    /// reading it: a 279-byte file declaring a 2 GB text chunk made it allocate 2 GB (found by fuzzing), so a chunk
    /// longer than what is left of the file is refused here, before libpng sees it.
    static func pngChunksReachEnd(_ b: [UInt8]) -> Bool {
        var i = 8
        while i + 8 <= b.count {
            let length = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            let isEnd = b[i + 4] == 0x49 && b[i + 5] == 0x45 && b[i + 6] == 0x4E && b[i + 7] == 0x44  // "IEND"
            guard length <= b.count - i - 12 else { return false }  // data and CRC must fit
            if isEnd { return true }
            i += 12 + length
        }
        return false
    }

    /// The PNG with only the chunks a luminance image needs (IHDR, PLTE, tRNS, IDAT, IEND). Text, time, colour
    /// profile and other ancillary chunks are metadata we never use; dropping them keeps libpng's parsers for
    /// them away from hostile input altogether. Call only on bytes that passed `pngChunksReachEnd`.
    static func pngKeepingImageChunks(_ b: [UInt8]) -> [UInt8] {
        let kept: Set<String> = ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]
        var out = Array(b[0..<8])
        out.reserveCapacity(b.count)
        var i = 8
        while i + 8 <= b.count {
            let length = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length <= b.count - i - 12 else { break }
            let type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
            if kept.contains(type) { out.append(contentsOf: b[i..<(i + 12 + length)]) }
            if type == "IEND" { break }
            i += 12 + length
        }
        return out
    }

    /// Walks a JPEG's segments and entropy-coded data to its EOI marker (FF D9). A search for FF D9 alone is
    /// fooled by those bytes in a header table or an embedded thumbnail; phones may append data after EOI, which
    /// is fine.
    static func jpegReachesEndOfImage(_ b: [UInt8]) -> Bool {
        var i = 2
        while i + 1 < b.count {
            guard b[i] == 0xFF else { return false }
            let marker = b[i + 1]
            switch marker {
            case 0xD9: return true
            case 0xFF: i += 1; continue  // fill byte
            case 0x01, 0xD0...0xD7: i += 2; continue
            default: break
            }
            guard i + 3 < b.count else { return false }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            i += 2 + length
            if marker == 0xDA {
                // Entropy-coded data: FF 00 is a stuffed byte and FF D0–D7 a restart; any other FF xx is a marker.
                while i + 1 < b.count {
                    if b[i] == 0xFF, b[i + 1] != 0x00, !(0xD0...0xD7).contains(b[i + 1]) { break }
                    i += 1
                }
            }
        }
        return false
    }

    /// Width and height read straight from the header bytes, for formats where that is a few fixed fields.
    func headerDimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        func be32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        func le16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        func le32(_ i: Int) -> Int32 { Int32(bitPattern: UInt32(le16(i)) | UInt32(le16(i + 2)) << 16) }
        switch self {
        case .png where bytes.count >= 24: return (be32(16), be32(20))
        case .gif where bytes.count >= 10: return (le16(6), le16(8))
        case .bmp where bytes.count >= 26: return (abs(Int(le32(18))), abs(Int(le32(22))))
        default: return nil
        }
    }
}
