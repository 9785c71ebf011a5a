import CardModel

/// Two reads of one retail code that disagree. zbar decodes an EAN's two halves apart and pairs them, one check digit
/// guarding all of them, and reports a code once per distinct text: where some scan lines misread one half, a photo
/// gives two or three valid EAN-13s at one code, sharing the other half (own photos, seed 1 `ean13-1/05`, printed
/// `8689508736493`: `9682102736493` read on the lines just above it; the same photo saved again as a grey JPEG also
/// gave `9622108736493`). At most one of them is the code printed there.
///
/// Retail codes only: their halves are what zbar misreads apart, and wristbands and labels do stack Code 128s close
/// above one another (Code 128's mod-103 check makes such a misread far rarer).
enum ConflictingReads {
    /// Pairs of reads (indices into `found`) that lie on one code: EAN-13s and UPC-As (GTIN-13 text) or two EAN-8s, different, sharing a whole half, and near each other (their boxes, grown by a quarter of the longer
    /// box's long side, overlap: zbar's boxes for a misread can be a few pixels, or half the code). Two products
    /// of one maker share their left half, but not their place: codes more than half a code's length apart never
    /// conflict.
    static func pairs(in found: [Barcode]) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        for i in found.indices {
            for j in found.indices where j > i && liesOnOneCode(found[i], found[j]) { pairs.append((i, j)) }
        }
        return pairs
    }

    static func liesOnOneCode(_ a: Barcode, _ b: Barcode) -> Bool {
        guard let (aLeft, aRight) = halves(a), let (bLeft, bRight) = halves(b), a.text.count == b.text.count,
              a.text != b.text, aLeft == bLeft || aRight == bRight else { return false }
        let reach = max(longSide(a.bounds), longSide(b.bounds)) / 4
        return grown(a.bounds, by: reach).overlaps(grown(b.bounds, by: reach))
    }

    /// An EAN-13's (UPC-A's, as GTIN-13) or EAN-8's two halves of digits, as zbar decodes them: for EAN-13 the first
    /// digit is carried by the left half's parities, so it goes with the left. A UPC-E is one block of six: no halves.
    static func halves(_ code: Barcode) -> (left: Substring, right: Substring)? {
        let text = code.text
        switch (code.format, text.count) {
        case (.ean13, 13), (.upcA, 13): return (text.prefix(7), text.suffix(6))
        case (.ean8, 8): return (text.prefix(4), text.suffix(4))
        default: return nil
        }
    }

    private static func longSide(_ q: Quad) -> Int { max(q.maxX - q.minX, q.maxY - q.minY) }

    private static func grown(_ q: Quad, by d: Int) -> Quad {
        Quad(x: q.minX - d, y: q.minY - d, width: q.maxX - q.minX + 2 * d, height: q.maxY - q.minY + 2 * d)
    }
}
