/// Four corners of a roughly quadrilateral outline (a convex hull): the two points farthest apart make one
/// diagonal, and the points farthest from it on either side the other two corners. A square seen in perspective,
/// or with one corner cut off (a Data Matrix's light top-right module), still gives its corners this way.
enum QuadFit {
    /// Corners clockwise in image coordinates, or nil for a degenerate outline.
    static func corners(of hull: [PointF]) -> [PointF]? {
        guard hull.count >= 4 else { return nil }
        var (a, b, best) = (0, 0, 0.0)
        for i in 0..<hull.count {
            for j in (i + 1)..<hull.count {
                let d = hull[i].distance(to: hull[j])
                if d > best { (a, b, best) = (i, j, d) }
            }
        }
        // Signed distance from the line a-b: positive on one side, negative on the other.
        let p = hull[a], q = hull[b]
        func side(_ r: PointF) -> Double { ((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)) / best }
        guard let c = hull.max(by: { side($0) < side($1) }), let d = hull.min(by: { side($0) < side($1) }),
              side(c) > best * 0.1, side(d) < -best * 0.1 else { return nil }
        // With y down, positive `side` is to the right of a->b as seen: a, d, b, c runs clockwise on screen.
        return [p, d, q, c]
    }
}
