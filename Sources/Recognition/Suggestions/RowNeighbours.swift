import CardModel

/// Which line sits beside which on a card, from the lines' bounds alone: a card that prints its labels in one
/// column and their values in another (`Surname` … `PENHALIGON`, `Forename(s)` … `Oliver`) comes back from OCR as
/// two runs of lines, labels first, values after, and only their places say which value is whose.
///
/// Bounds are in the photo's pixels, the card turned any way. A line's long side runs along its text; its first
/// edge is the top of the text, left to right, except where tesseract read a block as vertical text, where the
/// corners start elsewhere. The direction of reading is therefore taken from the lines whose first edge is their
/// long one, and when no line gives it, a label's value is looked for on both sides and taken only when one side
/// has a line.
struct RowNeighbours {
    private struct Geometry {
        let centre: (x: Double, y: Double)
        /// Unit vector along the text, sign unknown unless `ordered`.
        let along: (x: Double, y: Double)
        let length: Double, height: Double
        /// The first edge is the long one: `along` points the way the text reads.
        let ordered: Bool
    }

    private let lines: [RecognizedItem]
    private let geometry: [Geometry?]
    /// The way the card's text reads, from the ordered lines (nil when none gives it).
    private let reading: (x: Double, y: Double)?

    init(_ lines: [RecognizedItem]) {
        self.lines = lines
        geometry = lines.map { Self.geometry(of: $0.bounds) }
        reading = Self.readingDirection(of: zip(lines, geometry).compactMap { line, g in
            g.flatMap { $0.ordered && line.confidence >= Self.directionMinimumOCR ? $0 : nil }
        })
    }

    /// Lines tesseract doubted more than this say nothing of the way the card reads.
    static let directionMinimumOCR = 0.5
    /// Lines whose direction is within this of the most-printed direction's are averaged into it (cos 20°).
    static let sameDirection = 0.94

    /// The way most of the text reads, weighted by length: the direction that the most line length agrees with
    /// (within `sameDirection`), averaged over the lines that agree. Not a plain sum: another pass's junk read
    /// along another direction (a sparse reading of a turned block gave 50 short lines running down a card)
    /// can outweigh a card's seven real lines in a sum, and set its rows on end.
    private static func readingDirection(of lines: [Geometry]) -> (x: Double, y: Double)? {
        func agreeing(_ d: (x: Double, y: Double)) -> [Geometry] {
            lines.filter { $0.along.x * d.x + $0.along.y * d.y >= sameDirection }
        }
        let support = lines.map { agreeing($0.along).reduce(0) { $0 + $1.length } }
        guard let dominant = support.indices.max(by: { support[$0] < support[$1] }).map({ lines[$0] }) else { return nil }
        let sum = agreeing(dominant.along).reduce((x: 0.0, y: 0.0)) { ($0.x + $1.along.x * $1.length, $0.y + $1.along.y * $1.length) }
        let norm = (sum.x * sum.x + sum.y * sum.y).squareRoot()
        return norm > 0 ? (sum.x / norm, sum.y / norm) : nil
    }

    private static func geometry(of quad: Quad) -> Geometry? {
        let p = quad.points.map { (x: Double($0.x), y: Double($0.y)) }
        let first = (x: p[1].x - p[0].x, y: p[1].y - p[0].y), second = (x: p[2].x - p[1].x, y: p[2].y - p[1].y)
        let a = (first.x * first.x + first.y * first.y).squareRoot(), b = (second.x * second.x + second.y * second.y).squareRoot()
        guard a > 0, b > 0 else { return nil }
        let centre = (x: p.map(\.x).reduce(0, +) / 4, y: p.map(\.y).reduce(0, +) / 4)
        return a >= b ? Geometry(centre: centre, along: (first.x / a, first.y / a), length: a, height: b, ordered: true)
                      : Geometry(centre: centre, along: (second.x / b, second.y / b), length: b, height: a, ordered: false)
    }

    /// The value beside each label in `labels` (labels printed in a column, their values in the next): for each
    /// label, a line after it on its row, starting past its end. The rows are told apart by their common slope: a
    /// card's lines are levelled to within a few degrees, so a value far along its row sits off the label's axis by
    /// the same slope as every other value, while the next row's value is a whole line off it. `accept` filters the
    /// candidates (a label's value is no label of its own). Labels with no candidate are left out.
    func valuesBeside(_ labels: [Int], accept: (Int) -> Bool = { _ in true }) -> [Int: Int] {
        var best: (pairs: [Int: Int], cost: Double)?
        for side in reading == nil ? [1.0, -1.0] : [1.0] {
            // Each label's candidates with their slope off the label's axis.
            var options: [Int: [(line: Int, slope: Double)]] = [:]
            for label in labels {
                guard let l = geometry[label] else { continue }
                var axis = l.along
                if let reading {
                    let dot = reading.x * axis.x + reading.y * axis.y
                    guard abs(dot) > 0.9 else { continue }  // a line across the card's text: a fragment
                    if dot < 0 { axis = (-axis.x, -axis.y) }
                }
                axis = (axis.x * side, axis.y * side)
                for (k, candidate) in geometry.enumerated() where k != label && !labels.contains(k) && accept(k) {
                    guard let c = candidate, c.height <= 2 * l.height, l.height <= 2 * c.height else { continue }
                    let d = (x: c.centre.x - l.centre.x, y: c.centre.y - l.centre.y)
                    let u = d.x * axis.x + d.y * axis.y, v = d.x * -axis.y + d.y * axis.x
                    let gap = u - (l.length + c.length) / 2
                    guard u > 0, gap >= -0.3 * l.height, gap <= 20 * l.height,
                          abs(v) <= 0.5 * max(l.height, c.height) + Self.slopeTolerance * u else { continue }
                    options[label, default: []].append((k, v / u))
                }
            }
            // The slope most labels agree on, then each label's candidate nearest it, each line used once.
            let slopes = options.values.flatMap { $0.map(\.slope) }
            for slope in slopes {
                var used = Set<Int>(), pairs: [Int: Int] = [:], cost = 0.0
                for label in labels {
                    guard let choice = options[label]?.filter({ !used.contains($0.line) })
                        .min(by: { abs($0.slope - slope) < abs($1.slope - slope) }) else { continue }
                    pairs[label] = choice.line; used.insert(choice.line); cost += abs(choice.slope - slope)
                }
                if best == nil || pairs.count > best!.pairs.count || pairs.count == best!.pairs.count && cost < best!.cost {
                    best = (pairs, cost)
                }
            }
        }
        return best?.pairs ?? [:]
    }

    /// How far off a label's axis its value may sit, per unit of distance along it: the levelling leaves lines a
    /// few degrees off (0.15 is 8.5°).
    static let slopeTolerance = 0.15
}
