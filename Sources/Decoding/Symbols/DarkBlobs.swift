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
        // Grow: a pixel is dark when any pixel of its 3x3 neighbourhood is (separable: rows, then columns).
        var rows = [UInt8](repeating: 0, count: w * h)
        var grown = [UInt8](repeating: 0, count: w * h)
        var label = [Int32](repeating: 0, count: w * h)
        var blobs: [DarkBlob] = []
        // Small areas (a single module, a speck) by bounding box: a timing edge's dark modules can each stand alone.
        var small: [Box] = []
        // Pixels still to visit, as (x, y): no division per pixel to find them.
        var stack: [(Int32, Int32)] = []
        // Each row's leftmost and rightmost pixel of the area being filled (for its hull), reset after each area.
        var rowLeft = [Int32](repeating: Int32.max, count: h), rowRight = [Int32](repeating: -1, count: h)
        var next: Int32 = 1
        // One pass over raw buffers (bounds-checked arrays made this the slowest step of the locators).
        binary.pixels.withUnsafeBufferPointer { src in
        rows.withUnsafeMutableBufferPointer { rows in
        grown.withUnsafeMutableBufferPointer { grown in
        label.withUnsafeMutableBufferPointer { label in
        rowLeft.withUnsafeMutableBufferPointer { rowLeft in
        rowRight.withUnsafeMutableBufferPointer { rowRight in
        for y in 0..<h {
            let base = y * binary.stride
            for x in 0..<w where src[base + x] == 0 {
                rows[y * w + x] = 1
                if x > 0 { rows[y * w + x - 1] = 1 }
                if x + 1 < w { rows[y * w + x + 1] = 1 }
            }
        }
        for y in 0..<h {
            for x in 0..<w where rows[y * w + x] == 1 {
                grown[y * w + x] = 1
                if y > 0 { grown[(y - 1) * w + x] = 1 }
                if y + 1 < h { grown[(y + 1) * w + x] = 1 }
            }
        }
        // Label by flood fill (explicit stack; recursion would overflow on a large area).
        for start in 0..<(w * h) where grown[start] == 1 && label[start] == 0 {
            var (minX, minY, maxX, maxY, count) = (w, h, 0, 0, 0)
            label[start] = next
            stack.append((Int32(start % w), Int32(start / w)))
            while let (x32, y32) = stack.popLast() {
                let x = Int(x32), y = Int(y32), i = y * w + x
                count += 1
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                rowLeft[y] = min(rowLeft[y], x32); rowRight[y] = max(rowRight[y], x32)
                if x > 0, grown[i - 1] == 1, label[i - 1] == 0 { label[i - 1] = next; stack.append((x32 - 1, y32)) }
                if x + 1 < w, grown[i + 1] == 1, label[i + 1] == 0 { label[i + 1] = next; stack.append((x32 + 1, y32)) }
                if y > 0, grown[i - w] == 1, label[i - w] == 0 { label[i - w] = next; stack.append((x32, y32 - 1)) }
                if y + 1 < h, grown[i + w] == 1, label[i + w] == 0 { label[i + w] = next; stack.append((x32, y32 + 1)) }
            }
            let bw = maxX - minX + 1, bh = maxY - minY + 1
            // Specks of one or two pixels are noise, not modules.
            if max(bw, bh) < minSide, max(bw, bh) >= 3 { small.append((minX, minY, maxX, maxY)) }
            if min(bw, bh) >= minSide, max(bw, bh) <= maxSide, wanted(bw, bh, count) {
                // The hull needs only each row's leftmost and rightmost pixel of this area.
                var outline: [PointF] = []
                for y in minY...maxY where rowRight[y] >= 0 {
                    let left = Double(rowLeft[y]), right = Double(rowRight[y])
                    outline.append(PointF(x: left, y: Double(y)))
                    outline.append(PointF(x: right + 1, y: Double(y)))
                    outline.append(PointF(x: left, y: Double(y) + 1))
                    outline.append(PointF(x: right + 1, y: Double(y) + 1))
                }
                blobs.append(DarkBlob(minX: minX, minY: minY, maxX: maxX, maxY: maxY, pixelCount: count,
                                      hull: convexHull(outline)))
            }
            for y in minY...maxY { rowLeft[y] = Int32.max; rowRight[y] = -1 }
            next += 1
        }
        } } } } } }  // the six buffers above
        return (blobs, small)
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
