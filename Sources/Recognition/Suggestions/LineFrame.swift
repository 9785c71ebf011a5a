import CardModel

/// A text line's own frame: its first corner, the direction its text runs and the height of its print, from its
/// quad (corners top-left, top-right, bottom-right, bottom-left as read). Places on a card are measured in it, in
/// the line's heights: `along` its text and `across` it (positive down the text). A card photographed tilted, a
/// band bent round a wrist: their lines' upright boxes are far taller than their print, and a line under another
/// starts half an upright box below it or less; in the line's frame it is a line under.
struct LineFrame {
    let origin: (x: Double, y: Double)
    let along: (x: Double, y: Double)
    let height: Double, length: Double

    /// Nil when the quad's first edge is not its long one (a block read as vertical text, its corners starting
    /// elsewhere) or it has no size: such a line's upright box is all there is to go by.
    init?(_ quad: Quad) {
        let p = quad.points.map { (x: Double($0.x), y: Double($0.y)) }
        let top = (x: p[1].x - p[0].x, y: p[1].y - p[0].y), side = (x: p[3].x - p[0].x, y: p[3].y - p[0].y)
        let length = (top.x * top.x + top.y * top.y).squareRoot(), height = (side.x * side.x + side.y * side.y).squareRoot()
        guard length > 0, height > 0, length >= height else { return nil }
        origin = p[0]
        along = (top.x / length, top.y / length)
        self.height = height
        self.length = length
    }

    /// Where `point` lies, in line heights from the first corner.
    func place(_ point: Point) -> (along: Double, across: Double) { place(x: Double(point.x), y: Double(point.y)) }

    /// Where the point (`x`, `y`) lies, in line heights from the first corner (a point between pixels: a box
    /// edge's middle).
    func place(x: Double, y: Double) -> (along: Double, across: Double) {
        let d = (x: x - origin.x, y: y - origin.y)
        return ((d.x * along.x + d.y * along.y) / height, (d.x * -along.y + d.y * along.x) / height)
    }

    /// Whether `other` shares this line's column: their extents along this line's text overlap by at least half
    /// the narrower one's.
    func sharesAColumn(with other: Quad) -> Bool {
        let start = place(other.points[0]).along, end = place(other.points[1]).along
        let (a, b) = (min(start, end), max(start, end)), own = length / height
        let shared = min(b, own) - max(a, 0)
        return shared > 0 && 2 * shared >= min(b - a, own)
    }
}

extension LineFrame {
    /// Where other lines start (their first corner) from where `line` starts, in `line`'s heights: in its frame,
    /// or, for a quad that gives none, by its upright box (x and y offsets over the box's height). Made once per
    /// line and applied to each other line.
    static func offsets(from line: Quad) -> (Quad) -> (along: Double, across: Double) {
        if let frame = LineFrame(line) { return { frame.place($0.points[0]) } }
        let boxHeight = Double(max(1, line.maxY - line.minY))
        return { (Double($0.minX - line.minX) / boxHeight, Double($0.minY - line.minY) / boxHeight) }
    }
}
