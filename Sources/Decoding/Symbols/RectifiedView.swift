import Imaging

/// A region of a photo resampled so that a quadrilateral (a symbol's rough outline) becomes an upright square with
/// a margin round it. Measuring edges and timing patterns along rows and columns of this view is simple and
/// works whatever the symbol's angle or perspective in the photo.
struct RectifiedView {
    let image: GrayImage
    /// Side of the view in pixels; the quadrilateral spans [edge, size - edge] each way.
    let size: Int
    let margin: Double
    private let toSource: Homography

    /// `quad`: four corners clockwise. `pixelsAcross`: how many view pixels the quadrilateral's side gets.
    init?(of source: GrayImage, quad: [PointF], pixelsAcross: Int, margin: Double = 0.2) {
        let unit = [PointF(x: 0, y: 0), PointF(x: 1, y: 0), PointF(x: 1, y: 1), PointF(x: 0, y: 1)]
        guard let h = Homography(from: unit, to: quad) else { return nil }
        toSource = h
        self.margin = margin
        size = Int((Double(pixelsAcross) * (1 + 2 * margin)).rounded())
        let (size, margin) = (self.size, margin)
        let scale = (1 + 2 * margin) / Double(size)
        image = source.resampled(width: size, height: size) { i, j in
            h.map(PointF(x: (Double(i) + 0.5) * scale - margin, y: (Double(j) + 0.5) * scale - margin))
        }
    }

    /// Where the quadrilateral's edges are in the view (the same each way: the view is square).
    var edge: Double { margin / (1 + 2 * margin) * Double(size) }

    /// A point of the view (pixel centres at integers) in the source photo.
    func sourcePoint(_ p: PointF) -> PointF {
        let scale = (1 + 2 * margin) / Double(size)
        return toSource.map(PointF(x: (p.x + 0.5) * scale - margin, y: (p.y + 0.5) * scale - margin))
    }
}

/// One side of a symbol in a view, as `depth = a + b * s + c * s * s`: `s` runs along the side, `depth` inward
/// from the view's border (so one type serves all four sides). The square term follows a side that a curved band
/// bends; on a flat symbol it comes out near zero.
struct SideLine {
    /// 0 left, 1 top, 2 right, 3 bottom: clockwise, as seen.
    let side: Int
    let a: Double, b: Double, c: Double
    let viewSize: Int

    func depth(at s: Double) -> Double { a + b * s + c * s * s }

    /// The view point at `s` along the side and `depth` in.
    static func point(side: Int, s: Double, depth: Double, viewSize: Int) -> PointF {
        let far = Double(viewSize - 1)
        switch side {
        case 0: return PointF(x: depth, y: s)
        case 1: return PointF(x: s, y: depth)
        case 2: return PointF(x: far - depth, y: s)
        default: return PointF(x: s, y: far - depth)
        }
    }

    /// The point of this side at `s`.
    func point(at s: Double) -> PointF { Self.point(side: side, s: s, depth: depth(at: s), viewSize: viewSize) }

    /// The coordinate along this side of view point `p`.
    func along(_ p: PointF) -> Double { side % 2 == 0 ? p.y : p.x }

    /// Where this side meets a neighbouring one (a corner of the symbol), in view coordinates: each side is a
    /// function of the other's coordinate, so alternating between them converges (the sides are near square).
    func intersection(with other: SideLine) -> PointF? {
        guard side % 2 != other.side % 2 else { return nil }
        var p = point(at: Double(viewSize) / 2)
        for _ in 0..<20 {
            p = other.point(at: other.along(p))
            p = point(at: along(p))
        }
        let check = other.point(at: other.along(p))
        guard check.distance(to: p) < 0.5, p.x.isFinite, p.y.isFinite else { return nil }
        return p
    }
}
