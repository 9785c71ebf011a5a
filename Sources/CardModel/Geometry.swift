/// A point in a source image's pixel space (origin top-left, x right, y down).
public struct Point: Hashable, Sendable, Codable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) { self.x = x; self.y = y }

    // JSON form is the compact pair `[x, y]`, as the contract shows.
    public init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        x = try c.decode(Int.self); y = try c.decode(Int.self)
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(x); try c.encode(y)
    }
}

/// Four corners of something found in an image: top-left, top-right, bottom-right, bottom-left as the code
/// reads (a rotated code's "top-left" is where its own top-left is). Always in source-image pixels.
public struct Quad: Hashable, Sendable, Codable {
    public var points: [Point]

    public init(_ points: [Point]) {
        precondition(points.count == 4, "a Quad has four corners")
        self.points = points
    }

    /// The axis-aligned rectangle `x, y, width, height`.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init([Point(x: x, y: y), Point(x: x + width, y: y),
                   Point(x: x + width, y: y + height), Point(x: x, y: y + height)])
    }

    /// The smallest axis-aligned quad holding all `points` (zbar gives linear codes as many scan points).
    public init?(enclosing points: [Point]) {
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
              let minY = points.map(\.y).min(), let maxY = points.map(\.y).max() else { return nil }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var minX: Int { points.map(\.x).min()! }
    public var maxX: Int { points.map(\.x).max()! }
    public var minY: Int { points.map(\.y).min()! }
    public var maxY: Int { points.map(\.y).max()! }
    public var center: (x: Double, y: Double) {
        (Double(points.map(\.x).reduce(0, +)) / 4, Double(points.map(\.y).reduce(0, +)) / 4)
    }

    /// Whether the bounding boxes of two quads overlap (used to tell one code seen twice from two codes).
    public func overlaps(_ other: Quad) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// Area of the bounding box.
    public var boxArea: Int { (maxX - minX) * (maxY - minY) }

    /// The bounding box's longer side.
    public var longSide: Int { max(maxX - minX, maxY - minY) }

    /// The bounding box grown by `d` each way: where a code's reads are judged to lie on it (a code's box from one
    /// reader can be a few scan lines thin, and a tilted code reaches beyond it).
    public func grown(by d: Int) -> Quad {
        Quad(x: minX - d, y: minY - d, width: maxX - minX + 2 * d, height: maxY - minY + 2 * d)
    }

    /// Area the bounding boxes of two quads share (0 when they do not overlap).
    public func overlapArea(_ other: Quad) -> Int {
        max(0, min(maxX, other.maxX) - max(minX, other.minX)) * max(0, min(maxY, other.maxY) - max(minY, other.minY))
    }

    /// Maps every corner through `transform` (e.g. from a scaled or rotated copy back to the source image).
    public func mapped(_ transform: (Point) -> Point) -> Quad { Quad(points.map(transform)) }

    public init(from decoder: Decoder) throws {
        let points = try [Point](from: decoder)
        guard points.count == 4 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "bounds need 4 points, got \(points.count)"))
        }
        self.points = points
    }
    public func encode(to encoder: Encoder) throws { try points.encode(to: encoder) }
}
