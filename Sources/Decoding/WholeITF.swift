import CardModel
import Imaging

/// ITF has no check digit and every pair of digits is a valid ITF, so a scan line that crosses a turned code
/// slanting (entering and leaving through the bars' long sides) reads a piece of it as a code of its own, with
/// white card on either side of the piece: no quiet-zone rule sees it. Own photos: seed 12 `itf-1/05`, an ITF turned
/// about 60° on a card, read by zxing's second opinion (its column scan) as `84123913` for `645684123913`. The
/// piece's neighbourhood, turned so its bars stand square to the rows, is read again, and the longest ITF there that
/// contains the piece where a piece can lie (whole digit pairs in, over the same place) takes its place.
///
/// Not run on the first pass: zbar's own first-pass ITF reads have not been seen cut so, and a live frame would pay
/// for a turned crop and two reads on every frame showing a leaning ITF.
enum WholeITF {
    /// `found` with every ITF replaced by the longest ITF read in its straightened neighbourhood that contains it
    /// (the same code when nothing longer is read there). Neighbourhoods lean by at least 4° or are not looked at
    /// (square to the scan lines, a code is read whole in the first place), and an ITF-14 whose GTIN check digit
    /// holds is taken as whole.
    static func completing(_ found: [Barcode], in image: GrayImage, zxing: ZXingReader) -> [Barcode] {
        guard found.contains(where: { $0.format == .itf }) else { return found }
        let zbar = ZBarScanner(formats: [.itf])
        let completed = found.map { code -> Barcode in
            guard code.format == .itf, !(code.text.count == 14 && GS1CheckDigit.holds(in: code.text)) else { return code }
            let around = ImageVariant.neighbourhood(of: code.bounds, in: image)
            guard let angle = StripeAngle.of(around.image), abs(angle) >= 4 else { return code }
            let straight = around.then(RetryPlan.rotate(-angle).make(around.image))
            let reads = zbar.scan(straight.image)
                + zxing.read(straight.image, pass: .init(formats: [.itf], tryRotate: true, tryDownscale: false, maxSymbols: 1,
                                                         minLineCount: BarcodeReader.agreeingLines))
            let whole = reads.map(straight.mapToSource)
                .filter { $0.format == .itf && $0.text.count > code.text.count && containsAsPiece($0.text, code.text)
                    && $0.bounds.overlaps(code.bounds) }
                .max { $0.text.count < $1.text.count }
            return whole ?? code
        }
        return BarcodeReader.removingDuplicates(withoutPieces(completed))
    }

    /// `codes` without an ITF that is a piece of a longer ITF over the same place: asked for every symbol, zxing's
    /// column scan can return two pieces of one turned code, and the one whose neighbourhood does not lean enough to
    /// be straightened stays a piece beside the whole code the other became.
    static func withoutPieces(_ codes: [Barcode]) -> [Barcode] {
        codes.filter { code in
            code.format != .itf || !codes.contains { other in
                other.format == .itf && other.text.count > code.text.count && containsAsPiece(other.text, code.text)
                    && overSamePlace(code.bounds, other.bounds)
            }
        }
    }

    /// Whether a piece lies over the whole code: within a quarter of the code's length of its box. zxing gives a
    /// linear read as the few rows that agreed, so two reads of one code can be thin boxes on rows apart that do
    /// not overlap (held-out seed 14 itf-1/06: `7250971208` 20 px above `367250971208`, both reported). An ITF's
    /// bars stand at least that tall for their length, so the piece was read across the same bars.
    static func overSamePlace(_ piece: Quad, _ whole: Quad) -> Bool {
        whole.grown(by: whole.longSide / 4).overlaps(piece)
    }

    /// Whether `piece` lies in `whole` as whole digit pairs (an ITF's bars carry two digits interleaved, so a scan
    /// line's piece starts on a pair).
    static func containsAsPiece(_ whole: String, _ piece: String) -> Bool {
        let w = Array(whole), p = Array(piece)
        guard p.count <= w.count else { return false }
        return stride(from: 0, through: w.count - p.count, by: 2).contains { Array(w[$0..<($0 + p.count)]) == p }
    }
}
