import CardModel
import Imaging

/// A short retail code (UPC-E, EAN-8) has a quiet zone at each end; a run of bars there means zbar decoded a piece
/// of a longer code as a short one. Seen on our own photos (issue 35, `Scripts/make-barcode-photos 1`): a tilted
/// or blurred EAN-13 / UPC-A read as a UPC-E from one half of its bars (`ean13-1/04`: `0009200003170` for
/// `7141891955390`, the straightened retry; zbarimg read the EAN-13 on the same photo). UPC-E carries six digits and
/// a check digit, so one piece in ten passes the check by chance. zxing-cpp refuses such reads by its quiet-zone
/// rule; this is the same rule for zbar's.
enum QuietZone {
    /// The formats checked: the short members of the EAN/UPC family, which fit inside a longer one.
    static let checked: Set<BarcodeFormat> = [.upcE, .ean8]

    /// Modules from the first bar to the last (guards included): UPC-E 3 + 42 + 6, EAN-8 3 + 28 + 5 + 28 + 3.
    static func modules(_ format: BarcodeFormat) -> Double? {
        switch format {
        case .upcE: 51
        case .ean8: 67
        default: nil
        }
    }

    /// Whether a code of `format` read in `image` where zbar's scan lines ended (`points`), along the rows
    /// (`alongRows`, bars upright) or the columns, has bars continuing beyond either end: at least
    /// `crossingsForBars` crossings of the code's own mid grey from one to seven modules outside it (inside the
    /// quiet zone the symbology asks for: 7 modules, 9 left of a UPC-E), along the middle of the band of scan lines
    /// that read it. An edge (a label's border) crosses once, a stroke twice; the next half of an EAN-13 at least
    /// three times (measured: 3 in six samples a module apart on `ean13-1/04`'s continuation).
    static func barsBeyondEnds(of format: BarcodeFormat, scanPoints points: [Point], alongRows: Bool, in image: GrayImage) -> Bool {
        guard let modules = modules(format), points.count >= 2 else { return false }
        let xs = points.map(\.x), ys = points.map(\.y)
        let (a0, a1) = alongRows ? (xs.min()!, xs.max()!) : (ys.min()!, ys.max()!)
        let (c0, c1) = alongRows ? (ys.min()!, ys.max()!) : (xs.min()!, xs.max()!)
        let length = Double(a1 - a0)
        let module = length / modules
        guard module >= 0.8 else { return false }  // too small to tell: left to the reading as it was
        // zbar marks where each scan line's read ended, at one end or the other. Only where the lines cross the code
        // square (the ends of every line within two modules of each other) are the box's ends the code's ends on
        // every line; on a code turned against the scan lines a line's own end lies inside the box, and the bars
        // beyond it on that line are the code's own (measured: a UPC-E turned 45° lost, `upce-1/11`).
        let ends = alongRows ? xs : ys, centre = (a0 + a1) / 2
        let low = ends.filter { $0 < centre }, high = ends.filter { $0 >= centre }
        for group in [low, high] where !group.isEmpty {
            guard Double(group.max()! - group.min()!) <= 2 * module else { return false }
        }
        let acrossLimit = alongRows ? image.height : image.width
        let alongLimit = alongRows ? image.width : image.height
        // The middle of the band of scan lines (at least 3 lines), away from the digits printed under the bars.
        let middle = (c0 + c1) / 2, half = max(1, (c1 - c0) / 4)
        let across = max(0, middle - half)...min(acrossLimit - 1, middle + half)
        func profile(_ from: Int, _ to: Int) -> [Double] {
            // Clipped to the image first: a code ending within a module of the image's edge has nothing beyond it
            // to look at, and the range past the edge trapped.
            let (first, last) = (max(0, from), min(alongLimit - 1, to))
            guard first <= last else { return [] }
            return (first...last).map { a in
                let sum = across.reduce(0) { $0 + Int(alongRows ? image[a, $1] : image[$1, a]) }
                return Double(sum) / Double(across.count)
            }
        }
        let inside = profile(a0, a1)
        guard let dark = inside.min(), let light = inside.max(), light - dark >= 20 else { return false }
        let mid = (dark + light) / 2
        let reach = Int((6 * module).rounded(.up)), gap = Int(module.rounded(.up))
        for side in [profile(a0 - gap - reach, a0 - gap), profile(a1 + gap, a1 + gap + reach)] {
            var crossings = 0
            for (p, q) in zip(side, side.dropFirst()) where (p < mid) != (q < mid) { crossings += 1 }
            if crossings >= crossingsForBars { return true }
        }
        return false
    }

    static let crossingsForBars = 3
}
