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
        let reach = max(a.bounds.longSide, b.bounds.longSide) / 4
        return a.bounds.grown(by: reach).overlaps(b.bounds.grown(by: reach))
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

    /// Where `read` is judged on its own: its box grown by half its long side each way (at least 24 px; a zbar box
    /// can be a few scan lines thin), but not past the middle between it and `other` on the axis they lie apart
    /// along. Two real codes stacked close then each have their own whole code in view; a misread band and the
    /// right one each have part of one code.
    static func ownSide(of read: Quad, awayFrom other: Quad) -> Quad {
        let margin = max(24, read.longSide / 2)
        var (x0, y0, x1, y1) = (read.minX - margin, read.minY - margin, read.maxX + margin, read.maxY + margin)
        let (rc, oc) = (read.center, other.center)
        if abs(rc.y - oc.y) >= abs(rc.x - oc.x) {
            let middle = Int((rc.y + oc.y) / 2)
            if rc.y < oc.y { y1 = min(y1, max(read.maxY, middle)) } else { y0 = max(y0, min(read.minY, middle)) }
        } else {
            let middle = Int((rc.x + oc.x) / 2)
            if rc.x < oc.x { x1 = min(x1, max(read.maxX, middle)) } else { x0 = max(x0, min(read.minX, middle)) }
        }
        return Quad(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
