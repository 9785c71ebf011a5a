/// A point with fractional coordinates: symbol geometry is measured to sub-pixel precision (a module can be two
/// pixels wide, and an error of half a module loses the symbol).
struct PointF: Equatable, Sendable {
    var x: Double
    var y: Double

    static func + (a: PointF, b: PointF) -> PointF { PointF(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: PointF, b: PointF) -> PointF { PointF(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: PointF, k: Double) -> PointF { PointF(x: a.x * k, y: a.y * k) }
    func distance(to p: PointF) -> Double { ((x - p.x) * (x - p.x) + (y - p.y) * (y - p.y)).squareRoot() }
    /// The point a fraction `t` of the way to `p`.
    func lerp(_ p: PointF, _ t: Double) -> PointF { PointF(x: x + (p.x - x) * t, y: y + (p.y - y) * t) }
}

/// A plane-to-plane projective map. A flat symbol photographed at an angle is a projective image of its upright
/// module grid, so four corner correspondences give the position of every module.
struct Homography: Sendable {
    /// Row-major 3x3 with h[8] == 1.
    private let h: [Double]

    /// The map taking `from[i]` to `to[i]` (four points each, no three collinear). Nil when degenerate.
    init?(from: [PointF], to: [PointF]) {
        precondition(from.count == 4 && to.count == 4)
        // Eight equations in h0...h7 (direct linear transform), solved by Gaussian elimination with pivoting.
        var a = [[Double]]()
        for i in 0..<4 {
            let (u, v, x, y) = (from[i].x, from[i].y, to[i].x, to[i].y)
            a.append([u, v, 1, 0, 0, 0, -u * x, -v * x, x])
            a.append([0, 0, 0, u, v, 1, -u * y, -v * y, y])
        }
        for col in 0..<8 {
            guard let pivot = (col..<8).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), abs(a[pivot][col]) > 1e-12 else {
                return nil
            }
            a.swapAt(col, pivot)
            for row in 0..<8 where row != col {
                let f = a[row][col] / a[col][col]
                if f != 0 { for k in col..<9 { a[row][k] -= f * a[col][k] } }
            }
        }
        h = (0..<8).map { a[$0][8] / a[$0][$0] } + [1]
    }

    func map(_ p: PointF) -> PointF {
        let w = h[6] * p.x + h[7] * p.y + h[8]
        return PointF(x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w)
    }
}
