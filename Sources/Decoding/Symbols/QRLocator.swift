import Imaging

/// Finds a QR code by its three finder patterns and samples its module grid, so that zxing decodes a clean upright
/// drawing of it (`ModuleGrid.rendered`) instead of the photo: zxing-cpp's own detector loses small, tilted,
/// noisy and dim codes whose finders are plain to see (our own photos, seeds 2 and 3: codes on cards at 20-40° of
/// tilt, 2-3 px a module).
///
/// A finder is a dark square ring round a dark centre, 7 modules across: any line through its centre crosses dark,
/// light, dark, light, dark in the ratio 1:1:3:1:1, whatever the code's rotation. Three finders at a right angle
/// give the code's orientation, its size (their distance in modules) and three of its corners; the fourth comes from
/// the alignment pattern where the code has one (version 2 and up), else from completing the parallelogram.
enum QRLocator {
    struct Finder: Equatable {
        var centre: PointF
        /// Module size in pixels, from the runs that found it.
        var module: Double
        /// Scan lines that found it: a real finder is crossed by several, a chance 1:1:3:1:1 by one.
        var hits: Int
    }

    struct Found {
        /// The grid read with each way of thresholding, best first (`ModuleThreshold`).
        var grids: [ModuleGrid]
        /// The code's corners in the source image, clockwise from top-left as it reads.
        var corners: [PointF]
    }

    /// At most this many finders (most often crossed first) are combined into triples.
    static let findersCombined = 8

    // MARK: Finders

    /// Finder patterns in `binary` (0 dark): 1:1:3:1:1 runs along rows, confirmed down the column through the
    /// centre, merged where several rows found one.
    static func finders(in binary: GrayImage) -> [Finder] {
        let w = binary.width, h = binary.height
        var found: [Finder] = []
        binary.pixels.withUnsafeBufferPointer { p in
            let s = binary.stride
            var runs: [Int] = [], starts: [Int] = []
            for y in 0..<h {
                runs.removeAll(keepingCapacity: true); starts.removeAll(keepingCapacity: true)
                var x = 0
                while x < w {
                    let dark = p[y * s + x] == 0
                    let start = x
                    while x < w, (p[y * s + x] == 0) == dark { x += 1 }
                    // Runs alternate; the first one's colour is remembered by parity below.
                    if runs.isEmpty && !dark { continue }
                    runs.append(x - start); starts.append(start)
                }
                // Runs at even indices are dark (the first kept run is dark).
                // Five runs at a time in one buffer: an array per window was most of this scan's time on a
                // textured photo with no code (every second run of every row is a window).
                var i = 0
                var r = [0, 0, 0, 0, 0]
                while i + 4 < runs.count {
                    for k in 0..<5 { r[k] = runs[i + k] }
                    if let module = ratioModule(r) {
                        let cx = Double(starts[i + 2]) + Double(r[2]) / 2
                        if let (cy, vModule) = crossCheck(p, stride: s, width: w, height: h, x: Int(cx), y: y, module: module),
                           vModule < 1.6 * module, module < 1.6 * vModule {
                            add(Finder(centre: PointF(x: cx, y: cy), module: (module + vModule) / 2, hits: 1), to: &found)
                        }
                    }
                    i += 2
                }
            }
        }
        return found.filter { $0.hits >= 2 }.sorted { $0.hits > $1.hits }
    }

    /// The module size of five runs in the ratio 1:1:3:1:1 (each within half a module, the centre within one and a
    /// half), or nil.
    static func ratioModule(_ r: [Int]) -> Double? {
        let total = r.reduce(0, +)
        guard total >= 7 else { return nil }
        let m = Double(total) / 7
        let tolerance = m / 2
        for k in 0..<5 where k != 2 && abs(Double(r[k]) - m) > tolerance { return nil }
        return abs(Double(r[2]) - 3 * m) <= 3 * tolerance ? m : nil
    }

    /// Down and up the column `x` from (x, y), inside a dark centre: the vertical runs must be 1:1:3:1:1 too. The
    /// centre's row and the module size measured down the column.
    private static func crossCheck(_ p: UnsafeBufferPointer<UInt8>, stride s: Int, width w: Int, height h: Int,
                                   x: Int, y: Int, module: Double) -> (Double, Double)? {
        guard x >= 0, x < w, p[y * s + x] == 0 else { return nil }
        let reach = Int(module * 5) + 2
        func dark(_ yy: Int) -> Bool { p[yy * s + x] == 0 }
        // Up: centre, light, dark, light; down: the same.
        var counts = [0, 0, 0, 0, 0]
        var yy = y
        while yy >= 0, dark(yy) { counts[2] += 1; yy -= 1 }
        while yy >= 0, !dark(yy), counts[1] <= reach { counts[1] += 1; yy -= 1 }
        while yy >= 0, dark(yy), counts[0] <= reach { counts[0] += 1; yy -= 1 }
        guard yy >= 0, counts[0] > 0, counts[1] > 0 else { return nil }
        yy = y + 1
        while yy < h, dark(yy) { counts[2] += 1; yy += 1 }
        let centreEnd = yy
        while yy < h, !dark(yy), counts[3] <= reach { counts[3] += 1; yy += 1 }
        while yy < h, dark(yy), counts[4] <= reach { counts[4] += 1; yy += 1 }
        guard yy < h, counts[3] > 0, counts[4] > 0, let m = ratioModule(counts) else { return nil }
        return (Double(centreEnd) - Double(counts[2]) / 2, m)
    }

    /// Adds a finder, or counts another hit on one already found within two modules of it.
    private static func add(_ finder: Finder, to found: inout [Finder]) {
        if let k = found.firstIndex(where: { $0.centre.distance(to: finder.centre) <= 2 * max($0.module, finder.module) }) {
            let f = found[k], n = Double(f.hits)
            found[k] = Finder(centre: PointF(x: (f.centre.x * n + finder.centre.x) / (n + 1), y: (f.centre.y * n + finder.centre.y) / (n + 1)),
                              module: (f.module * n + finder.module) / (n + 1), hits: f.hits + 1)
        } else {
            found.append(finder)
        }
    }

    // MARK: Codes

    /// Plausible codes made of three of `finders`, each with its grids for each size the finders' distance allows;
    /// at most `atMost` (sampling a grid is most of the cost, and a page of print offers many chance triples).
    static func locate(in image: GrayImage, finders all: [Finder], atMost: Int) -> [Found] {
        let finders = Array(all.prefix(findersCombined))
        var found: [Found] = []
        guard finders.count >= 3 else { return [] }
        for a in 0..<finders.count {
            for b in (a + 1)..<finders.count {
                for c in (b + 1)..<finders.count {
                    guard let (tl, tr, bl) = corner(finders[a], finders[b], finders[c]) else { continue }
                    found += codes(in: image, topLeft: tl, topRight: tr, bottomLeft: bl)
                    if found.count >= atMost { return Array(found.prefix(atMost)) }
                }
            }
        }
        return found
    }

    /// The three finders as top-left (at the right angle), top-right and bottom-left of a code, or nil when they
    /// are not placed like a code's (legs of unequal length, no right angle under any plausible perspective, or
    /// modules of different sizes).
    static func corner(_ p: Finder, _ q: Finder, _ r: Finder) -> (Finder, Finder, Finder)? {
        let trio = [p, q, r]
        let modules = trio.map(\.module)
        guard modules.max()! <= 2 * modules.min()! else { return nil }
        // The top-left finder is opposite the longest side.
        let sides = [q.centre.distance(to: r.centre), p.centre.distance(to: r.centre), p.centre.distance(to: q.centre)]
        let k = sides.firstIndex(of: sides.max()!)!
        let tl = trio[k], x = trio[(k + 1) % 3], y = trio[(k + 2) % 3]
        let u = x.centre - tl.centre, v = y.centre - tl.centre
        let lu = (u.x * u.x + u.y * u.y).squareRoot(), lv = (v.x * v.x + v.y * v.y).squareRoot()
        let module = modules.reduce(0, +) / 3
        // Version 1 has its finders' centres 14 modules apart; version 40, 170.
        guard lu >= 12 * module, lv >= 12 * module, lu <= 1.7 * lv, lv <= 1.7 * lu, lu <= 180 * module else { return nil }
        let cosine = (u.x * v.x + u.y * v.y) / (lu * lv)
        guard abs(cosine) <= 0.5 else { return nil }
        // Clockwise in image coordinates (y down): top-right is the one the cross product puts first.
        return u.x * v.y - u.y * v.x > 0 ? (tl, x, y) : (tl, y, x)
    }

    /// The code whose finders are these, sampled at each size their distance allows (17 + 4 × version modules).
    private static func codes(in image: GrayImage, topLeft tl: Finder, topRight tr: Finder, bottomLeft bl: Finder) -> [Found] {
        let module = (tl.module + tr.module + bl.module) / 3
        let across = (tl.centre.distance(to: tr.centre) + tl.centre.distance(to: bl.centre)) / 2 / module + 7
        var dimension = Int(across.rounded())
        switch dimension % 4 { case 0: dimension += 1; case 2: dimension -= 1; case 3: dimension += 2; default: break }
        var found: [Found] = []
        for size in [dimension, dimension - 4, dimension + 4] where (21...177).contains(size) {
            let d = Double(size)
            // Where the bottom-right finder would be if there were one: the parallelogram's fourth corner.
            let guess = tr.centre + bl.centre - tl.centre
            var fourths: [(PointF, PointF)] = []  // (module coordinates, image point)
            if size >= 25, let alignment = alignmentPattern(in: image, topLeft: tl.centre, topRight: tr.centre, bottomLeft: bl.centre,
                                                             size: d, module: module) {
                fourths.append((PointF(x: d - 6.5, y: d - 6.5), alignment))
            }
            fourths.append((PointF(x: d - 3.5, y: d - 3.5), guess))
            for (at, point) in fourths {
                guard let map = Homography(from: [PointF(x: 3.5, y: 3.5), PointF(x: d - 3.5, y: 3.5), at, PointF(x: 3.5, y: d - 3.5)],
                                           to: [tl.centre, tr.centre, point, bl.centre]) else { continue }
                let grids = sample(image, map: map, size: size, module: module)
                let corners = [PointF(x: 0, y: 0), PointF(x: d, y: 0), PointF(x: d, y: d), PointF(x: 0, y: d)].map(map.map)
                found.append(Found(grids: grids, corners: corners))
            }
        }
        return found
    }

    /// The alignment pattern nearest its place as the three finders' parallelogram puts it (module (size − 6.5,
    /// size − 6.5)): the point within three modules of there where a dark module is ringed by light and then dark,
    /// judged by the mean grey of the centre, the light ring and the dark ring in the finders' own frame.
    private static func alignmentPattern(in image: GrayImage, topLeft tl: PointF, topRight tr: PointF, bottomLeft bl: PointF,
                                         size d: Double, module: Double) -> PointF? {
        // The finders' frame: one module along each axis.
        let ux = (tr - tl) * (1 / (d - 7)), uy = (bl - tl) * (1 / (d - 7))
        let expected = tl + ux * (d - 10) + uy * (d - 10)
        func at(_ base: PointF, _ i: Double, _ j: Double) -> PointF { base + ux * i + uy * j }
        var best: (score: Double, point: PointF)?
        let steps = 12, reach = 3.0
        for sj in -steps...steps {
            for si in -steps...steps {
                let c = at(expected, Double(si) * reach / Double(steps), Double(sj) * reach / Double(steps))
                let centre = image.sample(c)
                var ring = 0.0, outer = 0.0
                for (i, j) in [(1.0, 0.0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    ring += image.sample(at(c, i, j))
                    outer += image.sample(at(c, 2 * i, 2 * j))
                }
                ring /= 8; outer /= 8
                // Light ring brighter than both the centre and the outer ring.
                let score = min(ring - centre, ring - outer)
                if score > 30, score > best?.score ?? 0 { best = (score, c) }
            }
        }
        return best?.point
    }

    /// Each module's grey (the mean of five points across its middle), thresholded both ways (`ModuleThreshold`).
    private static func sample(_ image: GrayImage, map: Homography, size: Int, module: Double) -> [ModuleGrid] {
        var values: [Double] = []
        values.reserveCapacity(size * size)
        let points = [(0.0, 0.0), (0.2, 0), (-0.2, 0), (0, 0.2), (0, -0.2)]
        for r in 0..<size {
            for c in 0..<size {
                let x = Double(c) + 0.5, y = Double(r) + 0.5
                values.append(points.reduce(0) { $0 + image.sample(map.map(PointF(x: x + $1.0, y: y + $1.1))) } / 5)
            }
        }
        return ModuleThreshold.grids(values, columns: size, rows: size)
    }
}
