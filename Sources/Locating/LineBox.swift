import Foundation

/// A line of print as a rectangle with a reading direction: `origin` is its top-left corner as the line reads,
/// `along` the unit vector it reads along, `down` (a quarter turn clockwise from `along`, in image coordinates
/// where y grows downwards) points from its top edge to its bottom edge.
public struct LineBox: Sendable, Hashable {
    public var origin: PointD
    public var along: PointD
    public var length: Double
    public var height: Double
    /// The detector's confidence that this is text (the best of the boxes merged into it).
    public var score: Double

    public init(origin: PointD, along: PointD, length: Double, height: Double, score: Double) {
        self.origin = origin; self.along = along; self.length = length; self.height = height; self.score = score
    }

    public var down: PointD { PointD(x: -along.y, y: along.x) }

    /// The point `a` pixels along the line and `d` pixels down from its origin.
    public func point(along a: Double, down d: Double) -> PointD {
        let n = down
        return PointD(x: origin.x + along.x * a + n.x * d, y: origin.y + along.y * a + n.y * d)
    }

    public var centre: PointD { point(along: length / 2, down: height / 2) }

    /// Corners in reading order: top left, top right, bottom right, bottom left.
    public var corners: [PointD] {
        [point(along: 0, down: 0), point(along: length, down: 0), point(along: length, down: height), point(along: 0, down: height)]
    }

    /// The same rectangle read the other way up (turned 180°).
    public var turned: LineBox {
        LineBox(origin: point(along: length, down: height), along: PointD(x: -along.x, y: -along.y),
                length: length, height: height, score: score)
    }

    /// Degrees the reading direction makes with the image's x axis (clockwise as seen, y down), -180…180.
    public var degrees: Double { atan2(along.y, along.x) * 180 / .pi }
}
