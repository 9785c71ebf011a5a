import Foundation
import Imaging

/// Which way the text of a photo runs and where it is, measured from its letter-sized marks (`textMarks`):
/// neighbouring letters of a line sit closer to each other than to the lines above and below, so the directions
/// from each mark to its nearest neighbours pile up along the lines (O'Gorman's "docstrum"). This works at any
/// angle — a card turned a quarter or lying at 40° — where a skew search only looks a few degrees either side,
/// and the marks that have neighbours outline the text block, leaving desk, clutter and shadow outside.
public struct TextLayout: Sendable {
    /// The angle of the text lines in degrees, -90 < angle <= 90, clockwise as seen (image y points down).
    /// Turning the image by its negative makes the lines horizontal, upright or upside down.
    public let angleDegrees: Double
    /// How many neighbour directions agreed with the angle: little text, or none, when small.
    public let support: Int
    /// Other directions the lines might run in, most supported first (at most two).
    public var alternativeAngles: [Double] { alternatives.map(\.degrees) }
    /// The same, each with whether the marks barely support it (`weak`: under 30% of the chosen direction's
    /// support), so a reader can ask more of a reading along it.
    public let alternatives: [(degrees: Double, weak: Bool)]
    /// The marks that belong to text (they have neighbours of a similar size nearby).
    public let marks: [TextMark]
    private let medianMarkHeight: Double, medianMarkWidth: Double
    /// The print size: the marks' median extent across the lines (their height for lines running across the
    /// image, their width for lines running down it).
    public var medianMarkSize: Double { printSize(along: angleDegrees) }
    public func printSize(along degrees: Double) -> Double { abs(degrees) < 45 ? medianMarkHeight : medianMarkWidth }

    /// nil when there are too few marks to say anything.
    public init?(marks all: [TextMark], minimumSupport: Int = 12) {
        guard all.count >= 6 else { return nil }
        let sizes = all.map { Double($0.size) }.sorted()
        let typical = sizes[sizes.count / 2]
        // A grid of cells as large as the neighbour radius, so each mark looks only at the 3x3 cells around it.
        let radius = max(24, 4 * typical)
        var cells: [Int64: [Int]] = [:]
        func key(_ x: Double, _ y: Double) -> Int64 { Int64(Int(x / radius)) << 32 | Int64(UInt32(bitPattern: Int32(Int(y / radius)))) }
        for (i, mark) in all.enumerated() { cells[key(mark.centreX, mark.centreY), default: []].append(i) }

        var histogram = [Double](repeating: 0, count: 180)
        var neighbourCount = [Int](repeating: 0, count: all.count)
        for (i, mark) in all.enumerated() {
            // The two nearest marks of a comparable size, within a few letter sizes.
            var nearest: [(distance: Double, j: Int)] = []
            let cx = Int(mark.centreX / radius), cy = Int(mark.centreY / radius)
            for gx in (cx - 1)...(cx + 1) {
                for gy in (cy - 1)...(cy + 1) {
                    for j in cells[Int64(gx) << 32 | Int64(UInt32(bitPattern: Int32(gy)))] ?? [] where j != i {
                        let other = all[j]
                        let ratio = Double(other.size) / Double(mark.size)
                        guard ratio > 0.4, ratio < 2.5 else { continue }
                        let d = hypot(other.centreX - mark.centreX, other.centreY - mark.centreY)
                        guard d <= 2.5 * Double(max(mark.size, other.size)) else { continue }
                        nearest.append((d, j))
                    }
                }
            }
            neighbourCount[i] = nearest.count
            for (_, j) in nearest.sorted(by: { $0.distance < $1.distance }).prefix(2) {
                let other = all[j]
                var degrees = atan2(other.centreY - mark.centreY, other.centreX - mark.centreX) * 180 / .pi
                degrees = degrees.truncatingRemainder(dividingBy: 180)
                if degrees < 0 { degrees += 180 }
                histogram[Int(degrees) % 180] += 1
            }
        }
        // The densest 7-degree window, refined to its weighted mean.
        func window(_ centre: Int) -> [(offset: Int, weight: Double)] {
            (-3...3).map { ($0, histogram[((centre + $0) % 180 + 180) % 180]) }
        }
        let best = (0..<180).max { window($0).reduce(0) { $0 + $1.weight } < window($1).reduce(0) { $0 + $1.weight } }!
        let weights = window(best)
        let total = weights.reduce(0) { $0 + $1.weight }
        guard Int(total) >= minimumSupport else { return nil }
        var angle = Double(best) + 0.5 + weights.reduce(0) { $0 + Double($1.offset) * $1.weight } / total
        // Neighbour directions can follow the columns instead of the lines — blurred words merge into blobs
        // whose nearest neighbours are the lines above and below. Lines are what a projection across them
        // shows as peaks: keep the direction, or the one a quarter turn from it, whose profile is peakier.
        if Self.lineProfileScore(all, degrees: angle + 90, binSize: typical / 2)
            > 1.25 * Self.lineProfileScore(all, degrees: angle, binSize: typical / 2) {
            angle += 90
        }
        angle = angle.truncatingRemainder(dividingBy: 180)
        if angle > 90 { angle -= 180 }
        if angle <= -90 { angle += 180 }
        angleDegrees = angle
        support = Int(total)
        // Other directions many neighbours agreed on, and the quarter turn: hypotheses for when reading along the
        // chosen one gives next to nothing (wood grain or a thumb can outvote a small card's print). "Many" is the
        // support asked of any direction, and 15% of the chosen one's: a phone photo of a card on wood holds
        // four times as many grain marks as print marks (0.3 of the grain's support dropped the card's 78° there,
        // and the quarter turn read it tilted by 12°, as next to nothing).
        func separation(_ a: Double, _ b: Double) -> Double { let d = abs(a - b).truncatingRemainder(dividingBy: 180); return min(d, 180 - d) }
        let windowSums = (0..<180).map { centre in window(centre).reduce(0) { $0 + $1.weight } }
        var others: [(degrees: Double, weak: Bool)] = []
        for centre in (0..<180).sorted(by: { windowSums[$0] > windowSums[$1] }) where windowSums[centre] >= max(Double(minimumSupport), 0.15 * total) {
            var candidate = Double(centre) + 0.5
            if candidate > 90 { candidate -= 180 }
            if separation(candidate, angle) >= 20, others.allSatisfy({ separation($0.degrees, candidate) >= 20 }) {
                others.append((candidate, windowSums[centre] < 0.3 * total))
            }
            if others.count == 2 { break }
        }
        let quarter = angle > 0 ? angle - 90 : angle + 90
        if others.allSatisfy({ separation($0.degrees, quarter) >= 20 }) { others.append((quarter, false)) }
        alternatives = Array(others.prefix(2))
        let text = all.indices.filter { neighbourCount[$0] >= 2 }.map { all[$0] }
        marks = text.count >= 6 ? text : all
        // The print size is a mark's extent across the lines: its height for lines running across the image,
        // its width for lines running down it.
        let heights = marks.map { Double($0.height) }.sorted(), widths = marks.map { Double($0.width) }.sorted()
        medianMarkHeight = heights[heights.count / 2]
        medianMarkWidth = widths[widths.count / 2]
    }

    /// How strongly the marks gather into lines running at `degrees`: their centres projected across that
    /// direction, binned, and the sum of squared bin counts relative to an even spread (1 when flat).
    static func lineProfileScore(_ marks: [TextMark], degrees: Double, binSize: Double) -> Double {
        let r = degrees * .pi / 180, nx = -sin(r), ny = cos(r)
        var bins: [Int: Int] = [:]
        for mark in marks { bins[Int(((mark.centreX * nx + mark.centreY * ny) / max(binSize, 1)).rounded(.down)), default: 0] += 1 }
        let n = Double(marks.count)
        let squares = bins.values.reduce(0.0) { $0 + Double($1 * $1) }
        return squares / max(n, 1)
    }

    /// The corners of `textBox` back in the measured image's own (unturned) coordinates: top-left, top-right,
    /// bottom-right, bottom-left of the levelled block.
    public func textCorners(sourceWidth: Int, sourceHeight: Int, margin: Double = 3, along degrees: Double? = nil)
        -> [(x: Double, y: Double)]? {
        let degrees = degrees ?? angleDegrees
        guard let box = textBox(sourceWidth: sourceWidth, sourceHeight: sourceHeight, margin: margin, along: degrees) else { return nil }
        let r = -degrees * .pi / 180, c = cos(r), s = sin(r)
        let w = abs(Double(sourceWidth) * c) + abs(Double(sourceHeight) * s)
        let h = abs(Double(sourceWidth) * s) + abs(Double(sourceHeight) * c)
        let cx = Double(sourceWidth) / 2, cy = Double(sourceHeight) / 2
        let corners = [(box.x, box.y), (box.x + box.width, box.y), (box.x + box.width, box.y + box.height), (box.x, box.y + box.height)]
        return corners.map { x, y in
            // rotated(byDegrees:)'s own mapping from the turned image back to the source.
            let dx = Double(x) - w / 2, dy = Double(y) - h / 2
            return (cx + dx * c + dy * s, cy - dx * s + dy * c)
        }
    }

    /// The rectangle, in an image turned by `-angleDegrees` about its centre (as `GrayImage.rotated(byDegrees:)`
    /// does), that holds every text mark plus `margin` print sizes around it.
    public func textBox(sourceWidth: Int, sourceHeight: Int, margin: Double = 3, along degrees: Double? = nil)
        -> (x: Int, y: Int, width: Int, height: Int)? {
        guard !marks.isEmpty else { return nil }
        let degrees = degrees ?? angleDegrees
        let r = -degrees * .pi / 180, c = cos(r), s = sin(r)
        let w = abs(Double(sourceWidth) * c) + abs(Double(sourceHeight) * s)
        let h = abs(Double(sourceWidth) * s) + abs(Double(sourceHeight) * c)
        let cx = Double(sourceWidth) / 2, cy = Double(sourceHeight) / 2
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for mark in marks {
            // Each corner, taken forward through the rotation (the inverse of rotated(byDegrees:)'s mapping).
            for (px, py) in [(mark.x, mark.y), (mark.x + mark.width, mark.y), (mark.x, mark.y + mark.height),
                             (mark.x + mark.width, mark.y + mark.height)] {
                let dx = Double(px) - cx, dy = Double(py) - cy
                let x = dx * c - dy * s + w / 2, y = dx * s + dy * c + h / 2
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        let pad = margin * printSize(along: degrees)
        let x0 = max(0, Int(minX - pad)), y0 = max(0, Int(minY - pad))
        let x1 = min(Int(w.rounded(.up)), Int(maxX + pad)), y1 = min(Int(h.rounded(.up)), Int(maxY + pad))
        guard x1 > x0 + 8, y1 > y0 + 8 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }
}
