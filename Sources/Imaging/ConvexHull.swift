/// Andrew's monotone chain, shared by the symbol locators (a blob's outline) and the paper finder (a card's smooth
/// parts): the convex hull of `points`, clockwise as seen in an image (y down), collinear points dropped.
public enum ConvexHull {
    /// Inlinable so each caller's point type is specialised: called across modules unspecialised, every
    /// comparison of the sort went through generic closures, and the hulls of a textured photo's blobs were a
    /// quarter of a whole barcode scan's time.
    @inlinable
    public static func of<Point>(_ points: [Point], x: (Point) -> Double, y: (Point) -> Double) -> [Point] {
        let sorted = points.sorted { x($0) != x($1) ? x($0) < x($1) : y($0) < y($1) }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double {
            (x(a) - x(o)) * (y(b) - y(o)) - (y(a) - y(o)) * (x(b) - x(o))
        }
        var lower: [Point] = [], upper: [Point] = []
        for p in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}
