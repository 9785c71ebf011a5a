import Imaging

/// Places in an image where a 2D symbol may be: connected dark areas after a local binarisation, each with the
/// outline of its convex hull. A Data Matrix's solid L joins most of its modules into one such area whose hull is
/// the symbol; text, bars and specks make areas of the wrong size or shape, which the filters drop.
struct DarkBlob {
    /// Bounding box in the image.
    let minX: Int, minY: Int, maxX: Int, maxY: Int
    /// Dark pixels in the area (after the one-pixel growth that joins diagonal modules).
    let pixelCount: Int
    /// Convex hull, clockwise in image coordinates (y down).
    let hull: [PointF]

    var width: Int { maxX - minX + 1 }
    var height: Int { maxY - minY + 1 }
}

enum DarkBlobs {
    /// Dark areas of `binary` (0 dark, 255 light) whose bounding box is between `minSide` and `maxSide` pixels
    /// each way. Dark pixels are grown by one pixel first: modules that touch only at a corner, and the single
    /// modules of a timing edge, join their neighbours.
    /// Also returns the bounding boxes of the smaller areas (3 pixels or more across), for `joiningNeighbours`.
    /// `wanted(width, height, pixelCount)`: areas it refuses are dropped before their hull is made (the hulls of
    /// a textured photo's many large areas were a third of this step's time).
    static func find(in binary: GrayImage, minSide: Int, maxSide: Int,
                     wanted: (Int, Int, Int) -> Bool = { _, _, _ in true }) -> (blobs: [DarkBlob], small: [Box]) {
        let w = binary.width, h = binary.height
        guard w > 0, h > 0 else { return ([], []) }
        let runs = grownRuns(of: binary)
        // Areas are labelled by their runs, not their pixels (a flood fill pixel by pixel was 20 ms of a 1 MP
        // codeless photo's 56 ms in the symbol step): runs of neighbouring rows that overlap are one area. The
        // earliest run of an area is its root, so areas come out in the order their first pixel is met row by
        // row, as a flood fill started at each unlabelled pixel in turn would give them.
        let count = runs.y.count
        var parent = [Int32](0..<Int32(count))
        func root(_ i: Int) -> Int {
            var r = i
            while Int(parent[r]) != r { r = Int(parent[r]) }
            var j = i
            while Int(parent[j]) != r { let next = Int(parent[j]); parent[j] = Int32(r); j = next }
            return r
        }
        var previous = 0..<0
        var rowStart = 0
        while rowStart < count {
            let y = runs.y[rowStart]
            var rowEnd = rowStart
            while rowEnd < count, runs.y[rowEnd] == y { rowEnd += 1 }
            if previous.isEmpty || runs.y[previous.lowerBound] != y - 1 { previous = 0..<0 }
            var a = previous.lowerBound
            for b in rowStart..<rowEnd {
                // Runs of the row above that end before this one starts never meet a later one either.
                while a < previous.upperBound, runs.x1[a] < runs.x0[b] { a += 1 }
                var k = a
                while k < previous.upperBound, runs.x0[k] <= runs.x1[b] {
                    let ra = root(k), rb = root(b)
                    if ra != rb { parent[max(ra, rb)] = Int32(min(ra, rb)) }
                    k += 1
                }
            }
            previous = rowStart..<rowEnd
            rowStart = rowEnd
        }
        // Each area's box and pixel count, kept at its root.
        var minX = [Int32](repeating: Int32.max, count: count), maxX = [Int32](repeating: -1, count: count)
        var minY = [Int32](repeating: Int32.max, count: count), maxY = [Int32](repeating: -1, count: count)
        var pixels = [Int](repeating: 0, count: count)
        var rootOf = [Int32](repeating: 0, count: count)
        for i in 0..<count {
            let r = root(i)
            rootOf[i] = Int32(r)
            minX[r] = min(minX[r], runs.x0[i]); maxX[r] = max(maxX[r], runs.x1[i])
            minY[r] = min(minY[r], runs.y[i]); maxY[r] = max(maxY[r], runs.y[i])
            pixels[r] += Int(runs.x1[i] - runs.x0[i] + 1)
        }
        var small: [Box] = []
        // Areas kept (their roots, in order), and each one's leftmost and rightmost pixel per row (for its hull).
        var keptRoots: [Int] = []
        var keptIndex = [Int32](repeating: -1, count: count)
        var lefts: [[Int32]] = [], rights: [[Int32]] = []
        for r in 0..<count where Int(rootOf[r]) == r {
            let bw = Int(maxX[r] - minX[r]) + 1, bh = Int(maxY[r] - minY[r]) + 1
            // Specks of one or two pixels are noise, not modules.
            if max(bw, bh) < minSide, max(bw, bh) >= 3 { small.append((Int(minX[r]), Int(minY[r]), Int(maxX[r]), Int(maxY[r]))) }
            if min(bw, bh) >= minSide, max(bw, bh) <= maxSide, wanted(bw, bh, pixels[r]) {
                keptIndex[r] = Int32(keptRoots.count)
                keptRoots.append(r)
                lefts.append([Int32](repeating: Int32.max, count: bh))
                rights.append([Int32](repeating: -1, count: bh))
            }
        }
        guard !keptRoots.isEmpty else { return ([], small) }
        for i in 0..<count {
            let r = Int(rootOf[i]), k = Int(keptIndex[r])
            guard k >= 0 else { continue }
            let row = Int(runs.y[i] - minY[r])
            lefts[k][row] = min(lefts[k][row], runs.x0[i])
            rights[k][row] = max(rights[k][row], runs.x1[i])
        }
        let blobs = keptRoots.indices.map { k -> DarkBlob in
            let r = keptRoots[k]
            return DarkBlob(minX: Int(minX[r]), minY: Int(minY[r]), maxX: Int(maxX[r]), maxY: Int(maxY[r]),
                            pixelCount: pixels[r], hull: hull(lefts[k], rights[k], top: Int(minY[r])))
        }
        return (blobs, small)
    }

    /// The convex hull of an area given each row's leftmost and rightmost pixel (every row from `top` has some):
    /// the hull of the pixels' corners, as `convexHull` of all four corners of each row's ends gives it, from
    /// far fewer points. At each corner height only the leftmost and rightmost corner can be a vertex, and only
    /// the points on the convex chains of the left and right sides (found in one pass, in height order) can be
    /// vertices of the whole (sorting every row's corners was 2% of a codeless photo's barcode time).
    static func hull(_ lefts: [Int32], _ rights: [Int32], top: Int) -> [PointF] {
        let rows = lefts.count
        var left: [PointF] = [], right: [PointF] = []
        left.reserveCapacity(rows + 1); right.reserveCapacity(rows + 1)
        for edge in 0...rows {
            // Corner height `top + edge` is the top of row `edge` and the bottom of row `edge - 1`.
            let above = edge > 0 ? edge - 1 : edge, below = edge < rows ? edge : edge - 1
            let l = min(lefts[above], lefts[below]), r = max(rights[above], rights[below]) + 1
            let y = Double(top + edge)
            left.append(PointF(x: Double(l), y: y)); right.append(PointF(x: Double(r), y: y))
        }
        // Both chains of each side (heights strictly increasing, so Andrew's monotone chain needs no sort):
        // a superset of the side's hull vertices.
        func chains(_ points: [PointF]) -> [PointF] {
            func cross(_ o: PointF, _ a: PointF, _ b: PointF) -> Double { (a.y - o.y) * (b.x - o.x) - (a.x - o.x) * (b.y - o.y) }
            var low: [PointF] = [], high: [PointF] = []
            for p in points {
                while low.count >= 2, cross(low[low.count - 2], low[low.count - 1], p) <= 0 { low.removeLast() }
                low.append(p)
                while high.count >= 2, cross(high[high.count - 2], high[high.count - 1], p) >= 0 { high.removeLast() }
                high.append(p)
            }
            return low + high
        }
        return convexHull(chains(left) + chains(right))
    }

    /// The runs of dark pixels, row by row, once every dark pixel has grown to its 3x3 neighbourhood (modules
    /// that touch only at a corner, and the single modules of a timing edge, join their neighbours): each run's
    /// row and first and last column, in reading order.
    static func grownRuns(of binary: GrayImage) -> (y: [Int32], x0: [Int32], x1: [Int32]) {
        let w = binary.width, h = binary.height, stride = binary.stride
        var ys: [Int32] = [], x0s: [Int32] = [], x1s: [Int32] = []
        // Each row grown along itself (1 where a pixel or a side neighbour is dark), three rows kept.
        var grownRows = [[UInt8]](repeating: [UInt8](repeating: 0, count: w), count: 3)
        var merged = [UInt8](repeating: 0, count: w)
        binary.pixels.withUnsafeBufferPointer { src in
            func growRow(_ y: Int, into out: inout [UInt8]) {
                out.withUnsafeMutableBufferPointer { o in
                    let base = y * stride
                    for x in 0..<w { o[x] = src[base + x] == 0 ? 1 : 0 }
                    var before: UInt8 = 0
                    for x in 0..<w {
                        let here = o[x], after: UInt8 = x + 1 < w ? o[x + 1] : 0
                        o[x] = before | here | after
                        before = here
                    }
                }
            }
            growRow(0, into: &grownRows[1])
            if h > 1 { growRow(1, into: &grownRows[2]) }
            for y in 0..<h {
                // Slots: 0 the row above, 1 this row, 2 the row below (zero beyond the image).
                merged.withUnsafeMutableBufferPointer { m in
                    grownRows[0].withUnsafeBufferPointer { a in
                        grownRows[1].withUnsafeBufferPointer { b in
                            grownRows[2].withUnsafeBufferPointer { c in
                                for x in 0..<w { m[x] = a[x] | b[x] | c[x] }
                            }
                        }
                    }
                    var x = 0
                    while x < w {
                        guard m[x] != 0 else { x += 1; continue }
                        let start = x
                        while x < w, m[x] != 0 { x += 1 }
                        ys.append(Int32(y)); x0s.append(Int32(start)); x1s.append(Int32(x - 1))
                    }
                }
                grownRows.swapAt(0, 1)
                grownRows.swapAt(1, 2)
                if y + 2 < h { growRow(y + 2, into: &grownRows[2]) } else { for x in 0..<w { grownRows[2][x] = 0 } }
            }
        }
        return (ys, x0s, x1s)
    }

    typealias Box = (minX: Int, minY: Int, maxX: Int, maxY: Int)

    /// `blob` with the small areas just outside it added to its hull: a Data Matrix's timing modules that touch
    /// nothing (a light module below and beside each) still belong to the symbol, and without them its outline
    /// loses a corner.
    static func joiningNeighbours(_ blob: DarkBlob, _ small: [Box]) -> DarkBlob {
        // Module-sized: between a 40-module symbol's module and a 4-module one's.
        let limit = max(blob.width, blob.height) / 4, least = max(3, max(blob.width, blob.height) / 40)
        var extra: [PointF] = []
        for s in small {
            let side = max(s.maxX - s.minX, s.maxY - s.minY) + 1
            guard side <= limit, side >= least else { continue }
            let reach = side + side / 2
            guard s.maxX >= blob.minX - reach, s.minX <= blob.maxX + reach, s.maxY >= blob.minY - reach,
                  s.minY <= blob.maxY + reach else { continue }
            extra += [PointF(x: Double(s.minX), y: Double(s.minY)), PointF(x: Double(s.maxX) + 1, y: Double(s.minY)),
                      PointF(x: Double(s.minX), y: Double(s.maxY) + 1), PointF(x: Double(s.maxX) + 1, y: Double(s.maxY) + 1)]
        }
        guard !extra.isEmpty else { return blob }
        return DarkBlob(minX: blob.minX, minY: blob.minY, maxX: blob.maxX, maxY: blob.maxY, pixelCount: blob.pixelCount,
                        hull: convexHull(blob.hull + extra))
    }

    /// The convex hull, clockwise in image coordinates.
    static func convexHull(_ points: [PointF]) -> [PointF] { ConvexHull.of(points, x: \.x, y: \.y) }
}
