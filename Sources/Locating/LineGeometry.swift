import Foundation

/// Turning the detector's rotated rectangles into lines with a reading direction, and joining the pieces of one
/// printed row. Pure geometry: no image, no C.
public enum LineGeometry {
    /// A rectangle whose long side is at least this many times its short side has an evident direction: its
    /// long side. Squarer ones (one character, a short number) take the image's prevailing direction.
    static let evidentAspect = 1.6
    /// Pieces of one row are joined when the gap between them is under this many line heights (a label and its
    /// value, words the detector split at a wide space), when they sit on one baseline (centres apart by under
    /// `rowTolerance` of the smaller height) and are of about one size (`sizeTolerance`).
    static let joinGap = 2.0
    static let rowTolerance = 0.45
    static let sizeTolerance = 1.6

    /// The direction most of the print runs along, in degrees within (-90, 90]: each evident rectangle's long
    /// axis, weighted by its length, averaged as doubled angles (so 89° and -89° agree). nil without one.
    public static func prevailingDegrees(_ lines: [DetectedLine]) -> Double? {
        var sx = 0.0, sy = 0.0
        for line in lines {
            let (a, b) = sides(line)
            let (long, short) = hypot(a.x, a.y) >= hypot(b.x, b.y) ? (a, b) : (b, a)
            let length = hypot(long.x, long.y)
            guard length >= evidentAspect * hypot(short.x, short.y) else { continue }
            let angle = 2 * atan2(long.y, long.x)
            sx += length * cos(angle); sy += length * sin(angle)
        }
        guard sx != 0 || sy != 0 else { return nil }
        var degrees = atan2(sy, sx) / 2 * 180 / .pi
        if degrees <= -90 { degrees += 180 }
        if degrees > 90 { degrees -= 180 }
        return degrees
    }

    /// Each detected rectangle as a line reading along `prevailing` degrees (or as near to it as its own long side
    /// allows), the pieces of one row joined, in reading order: top to bottom, then along the row.
    public static func lines(_ detected: [DetectedLine], prevailing degrees: Double) -> [LineBox] {
        let r = degrees * .pi / 180
        let reading = PointD(x: cos(r), y: sin(r))
        let boxes = detected.map { box(of: $0, reading: reading) }
        return inReadingOrder(joinedRows(boxes))
    }

    public static func sides(_ line: DetectedLine) -> (PointD, PointD) {
        let p = line.corners
        return (PointD(x: p[1].x - p[0].x, y: p[1].y - p[0].y), PointD(x: p[2].x - p[1].x, y: p[2].y - p[1].y))
    }

    static func box(of line: DetectedLine, reading: PointD) -> LineBox {
        let (a, b) = sides(line)
        let la = hypot(a.x, a.y), lb = hypot(b.x, b.y)
        func unit(_ v: PointD, _ l: Double) -> PointD { l > 0 ? PointD(x: v.x / l, y: v.y / l) : PointD(x: 1, y: 0) }
        let ua = unit(a, la), ub = unit(b, lb)
        func alignment(_ u: PointD) -> Double { abs(u.x * reading.x + u.y * reading.y) }
        // The long side, when it is evidently the long side; otherwise the side nearer the prevailing direction.
        let useA: Bool
        if la >= evidentAspect * lb { useA = true } else if lb >= evidentAspect * la { useA = false } else { useA = alignment(ua) >= alignment(ub) }
        var along = useA ? ua : ub
        let length = useA ? la : lb, height = useA ? lb : la
        if along.x * reading.x + along.y * reading.y < 0 { along = PointD(x: -along.x, y: -along.y) }
        let centre = PointD(x: line.corners.map(\.x).reduce(0, +) / 4, y: line.corners.map(\.y).reduce(0, +) / 4)
        let down = PointD(x: -along.y, y: along.x)
        let origin = PointD(x: centre.x - along.x * length / 2 - down.x * height / 2,
                            y: centre.y - along.y * length / 2 - down.y * height / 2)
        return LineBox(origin: origin, along: along, length: length, height: height, score: line.score)
    }

    /// Pieces of one printed row joined into one line: tesseract then reads a label with its value, as the
    /// field finders expect (`NHS No:` and `999 123 4567` as one line).
    static func joinedRows(_ boxes: [LineBox]) -> [LineBox] {
        var rows: [LineBox] = []
        // Longest first, so each row grows from its main piece.
        for box in boxes.sorted(by: { $0.length > $1.length }) {
            if let i = rows.firstIndex(where: { joinable($0, box) }) {
                rows[i] = joined(rows[i], box)
            } else {
                rows.append(box)
            }
        }
        return rows
    }

    static func joinable(_ row: LineBox, _ piece: LineBox) -> Bool {
        // Same direction (within about 8°), about one size, one baseline, and a small gap along the row.
        guard row.along.x * piece.along.x + row.along.y * piece.along.y > 0.99 else { return false }
        let small = min(row.height, piece.height)
        guard max(row.height, piece.height) <= sizeTolerance * small else { return false }
        let n = row.down, u = row.along
        func across(_ p: PointD) -> Double { p.x * n.x + p.y * n.y }
        func alongRow(_ p: PointD) -> Double { p.x * u.x + p.y * u.y }
        guard abs(across(row.centre) - across(piece.centre)) <= rowTolerance * small else { return false }
        let rowStart = alongRow(row.origin), rowEnd = rowStart + row.length
        let pieceStart = alongRow(piece.centre) - piece.length / 2, pieceEnd = pieceStart + piece.length
        let gap = max(pieceStart - rowEnd, rowStart - pieceEnd)
        return gap <= joinGap * small
    }

    /// The smallest rectangle along `row`'s direction holding both.
    static func joined(_ row: LineBox, _ piece: LineBox) -> LineBox {
        let n = row.down, u = row.along
        let points = row.corners + piece.corners
        let a = points.map { $0.x * u.x + $0.y * u.y }, d = points.map { $0.x * n.x + $0.y * n.y }
        let a0 = a.min()!, a1 = a.max()!, d0 = d.min()!, d1 = d.max()!
        let origin = PointD(x: u.x * a0 + n.x * d0, y: u.y * a0 + n.y * d0)
        return LineBox(origin: origin, along: u, length: a1 - a0, height: d1 - d0, score: max(row.score, piece.score))
    }

    /// Top to bottom across the rows (by centre), then along them; rows whose centres are within half a line
    /// height of each other count as one row.
    public static func inReadingOrder(_ boxes: [LineBox]) -> [LineBox] {
        guard let first = boxes.first else { return [] }
        let u = first.along, n = first.down
        return boxes.sorted { a, b in
            let ca = a.centre, cb = b.centre
            let da = ca.x * n.x + ca.y * n.y, db = cb.x * n.x + cb.y * n.y
            if abs(da - db) > 0.5 * min(a.height, b.height) { return da < db }
            return ca.x * u.x + ca.y * u.y < cb.x * u.x + cb.y * u.y
        }
    }
}

extension LineGeometry {
    /// A part of the photo to detect lines in again, closer, and the network input size for it.
    public struct Zoom: Sendable, Equatable {
        public var x: Int, y: Int, width: Int, height: Int
        public var inputLongSide: Int
    }

    /// Where the first detection found print too small for the network to outline every line (a letter or card
    /// small in a large frame: its headings found, its body text not), the region holding what it found, grown
    /// by a margin, and the input size that brings the print to about `wantedHeight` input pixels (at most
    /// `largestSide`). nil when the print was large enough or nothing was found.
    public static func zoomRegion(_ lines: [DetectedLine], imageWidth: Int, imageHeight: Int, inputScale: Double,
                                  wantedHeight: Double, largestSide: Int) -> Zoom? {
        guard !lines.isEmpty else { return nil }
        let heights = lines.map { line -> Double in
            let (a, b) = sides(line)
            return min(hypot(a.x, a.y), hypot(b.x, b.y))
        }.sorted()
        let median = heights[heights.count / 2]
        let xs = lines.flatMap { $0.corners.map(\.x) }, ys = lines.flatMap { $0.corners.map(\.y) }
        var x0 = xs.min()!, x1 = xs.max()!, y0 = ys.min()!, y1 = ys.max()!
        let margin = max(6 * median, 0.15 * max(x1 - x0, y1 - y0))
        x0 = max(0, x0 - margin); y0 = max(0, y0 - margin)
        x1 = min(Double(imageWidth), x1 + margin); y1 = min(Double(imageHeight), y1 + margin)
        let side = max(x1 - x0, y1 - y0)
        guard side >= 32 else { return nil }
        let scale = min(wantedHeight / median, Double(largestSide) / side)
        // Worth a second pass only when it looks at least 1.25 times closer than the first.
        guard scale >= 1.25 * inputScale else { return nil }
        return Zoom(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0), inputLongSide: Int(side * scale))
    }
}
