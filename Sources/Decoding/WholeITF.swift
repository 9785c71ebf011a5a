import CardModel
import Imaging

/// ITF has no check digit and every pair of digits is a valid ITF, so a scan line that crosses a turned code
/// slanting (entering and leaving through the bars' long sides) reads a piece of it as a code of its own, with
/// white card on either side of the piece: no quiet-zone rule sees it. Own photos: seed 12 `itf-1/05`, an ITF turned
/// about 60° on a card, read by zxing's column scan as `84123913` for `645684123913`; seed 4 `5576` for
/// `557650184395`. The piece's neighbourhood, turned so its bars stand square to the rows, is read again, and the
/// longest ITF there that contains the piece takes its place.
enum WholeITF {
    /// `found` with every ITF replaced by the longest ITF read in its straightened neighbourhood that contains it
    /// (the same code when nothing longer is read there). Neighbourhoods lean by at least 4° or are not looked at:
    /// square to the scan lines, a code is read whole in the first place.
    static func completing(_ found: [Barcode], in image: GrayImage, zxing: ZXingReader) -> [Barcode] {
        guard found.contains(where: { $0.format == .itf }) else { return found }
        let zbar = ZBarScanner(formats: [.itf])
        return found.map { code in
            guard code.format == .itf else { return code }
            let around = ImageVariant.neighbourhood(of: code.bounds, in: image)
            guard let angle = StripeAngle.of(around.image), abs(angle) >= 4 else { return code }
            let (turned, toAround) = around.image.rotated(byDegrees: -angle)
            let straight = around.then(ImageVariant(image: turned, toSource: { p in
                let (x, y) = toAround(Double(p.x), Double(p.y))
                return Point(x: Int(x.rounded()), y: Int(y.rounded()))
            }))
            let reads = zbar.scan(straight.image)
                + zxing.read(straight.image, pass: .init(formats: [.itf], tryRotate: true, maxSymbols: 1))
            let whole = reads.filter { $0.format == .itf && $0.text.count > code.text.count && $0.text.contains(code.text) }
                .max { $0.text.count < $1.text.count }
            return whole.map(straight.mapToSource) ?? code
        }
    }
}
