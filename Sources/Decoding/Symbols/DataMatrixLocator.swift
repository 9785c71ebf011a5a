import Imaging

/// Finds a Data Matrix's module grid inside a rough outline: the solid L tells its orientation and two sides, the
/// alternating timing edges its size and where each column and row is. The grid is sampled module by module, so
/// perspective, a wristband's curve, blur or ink spread no longer reach the decoder.
enum DataMatrixLocator {
    struct Found {
        /// The module grid read with each way of thresholding that kept the finder intact, best first.
        var grids: [ModuleGrid]
        /// Symbol corners in the source image: top-left, top-right, bottom-right, bottom-left as the symbol reads
        /// (the L is left and bottom).
        var corners: [PointF]
    }

    /// Sizes ECC 200 allows, as (rows, columns) (ISO/IEC 16022, table 7).
    static let sizes: Set<[Int]> = Set([10, 12, 14, 16, 18, 20, 22, 24, 26, 32, 36, 40, 44, 48, 52, 64, 72, 80, 88, 96,
                                        104, 120, 132, 144].map { [$0, $0] }
                                       + [[8, 18], [8, 32], [12, 26], [12, 36], [16, 36], [16, 48]])

    /// Reads the symbol inside `quad` (four corners, clockwise). The outline from a dark area can be off by a
    /// module or more (a light corner module, a grown edge); when the first look finds the symbol's corners but
    /// not its grid, a second look is taken with the view rebuilt on those corners.
    static func locate(in image: GrayImage, outline quad: [PointF], trace: SymbolTrace = .off) -> Found? {
        switch look(in: image, outline: quad, trace: trace) {
        case .found(let found): return found
        case .corners(let corners):
            if case .found(let found) = look(in: image, outline: corners, trace: trace) { return found }
            return nil
        case .nothing: return nil
        }
    }

    private enum Look {
        case found(Found)
        /// The L and all four sides were found, but no readable grid: the corners, clockwise from the symbol's
        /// top-left, in the source image.
        case corners([PointF])
        case nothing
    }

    private static func look(in image: GrayImage, outline quad: [PointF], trace: SymbolTrace) -> Look {
        let longest = (0..<4).map { quad[$0].distance(to: quad[($0 + 1) % 4]) }.max()!
        // Enough view pixels for 4 per module on a 52-module symbol, no more: building the view is most of the cost.
        guard let view = RectifiedView(of: image, quad: quad, pixelsAcross: min(200, max(64, Int(longest * 1.5)))) else {
            return .nothing
        }
        let size = view.size, e = view.edge
        var values: [UInt8] = []
        for j in stride(from: Int(e), to: Int(Double(size) - e), by: 2) {
            for i in stride(from: Int(e), to: Int(Double(size) - e), by: 2) { values.append(view.image[i, j]) }
        }
        let threshold = otsuThreshold(values)
        let span = Double(size) - 2 * e
        let edges = (0..<4).map {
            SymbolEdge.measure(view.image, side: $0, threshold: threshold, expected: e, from: e + 0.1 * span, to: e + 0.9 * span)
        }
        guard edges.allSatisfy({ $0 != nil }) else {
            trace.note("data matrix at \(quad[0]): an edge not found (\(edges.map { $0 == nil }))")
            return .nothing
        }
        let sides = edges.map { $0! }
        // The L: two neighbouring solid sides, the other two clearly not solid. Clockwise, the L's bottom arm
        // comes just before its left arm.
        let solidity = sides.map(\.solidity)
        guard let bottom = (0..<4).max(by: { min(solidity[$0], solidity[($0 + 1) % 4]) < min(solidity[$1], solidity[($1 + 1) % 4]) })
        else { return .nothing }
        let left = (bottom + 1) % 4, top = (bottom + 2) % 4, right = (bottom + 3) % 4
        let lScore = min(solidity[bottom], solidity[left])
        guard lScore >= 0.75, max(solidity[top], solidity[right]) <= lScore - 0.12 else {
            trace.note("data matrix at \(quad[0]): no L (solidity \(solidity.map { Int($0 * 100) }))")
            return .nothing
        }
        let (lc, tc, rc, bc) = (sides[left].line, sides[top].line, sides[right].line, sides[bottom].line)
        guard let tl = lc.intersection(with: tc), let tr = tc.intersection(with: rc),
              let br = rc.intersection(with: bc), let bl = bc.intersection(with: lc) else { return .nothing }
        let width = tl.distance(to: tr), height = tl.distance(to: bl)
        guard width > 8, height > 8 else { return .nothing }
        let corners = [tl, tr, br, bl].map(view.sourcePoint)
        // A point of the symbol by its own coordinates (u right, v down, 0...1): a Coons patch between the four
        // fitted sides, so rows and columns follow a side bent by a curved band.
        func onSide(_ c: SideLine, _ from: PointF, _ to: PointF, _ t: Double) -> PointF {
            c.point(at: c.along(from) + (c.along(to) - c.along(from)) * t)
        }
        func at(_ u: Double, _ v: Double) -> PointF {
            let topPoint = onSide(tc, tl, tr, u), bottomPoint = onSide(bc, bl, br, u)
            let leftPoint = onSide(lc, tl, bl, v), rightPoint = onSide(rc, tr, br, v)
            let x = (1 - v) * topPoint.x + v * bottomPoint.x + (1 - u) * leftPoint.x + u * rightPoint.x
                - ((1 - u) * (1 - v) * tl.x + u * (1 - v) * tr.x + (1 - u) * v * bl.x + u * v * br.x)
            let y = (1 - v) * topPoint.y + v * bottomPoint.y + (1 - u) * leftPoint.y + u * rightPoint.y
                - ((1 - u) * (1 - v) * tl.y + u * (1 - v) * tr.y + (1 - u) * v * bl.y + u * v * br.y)
            return PointF(x: x, y: y)
        }

        // Timing edges: the top row (dark at the left end) and the right column (dark at the bottom end), read
        // a little way in from the edge; the depth that shows the most regular alternation is the timing line.
        func timing(length: Double, depthScale: Double, line: (Double, Double) -> PointF) -> TimingProfile? {
            let count = max(40, Int(length * 3))
            var best: TimingProfile?
            var depth = 0.5
            while depth < length / 7 {
                let values = (0..<count).map { view.image.sample(line(Double($0) / Double(count - 1), depth / depthScale)) }
                let profile = TimingProfile(values, threshold: Double(threshold))
                if profile.isRegular, profile.darkRuns >= 4, profile.darkRuns > (best?.darkRuns ?? 0) { best = profile }
                depth += 0.5
            }
            return best
        }
        guard let topTiming = timing(length: width, depthScale: height, line: { u, d in at(u, d) }),
              let rightTiming = timing(length: height, depthScale: width, line: { v, d in at(1 - d, v) }) else {
            trace.note("data matrix at \(quad[0]): no timing edge")
            return .corners(corners)
        }
        let columns = 2 * topTiming.darkRuns, rows = 2 * rightTiming.darkRuns
        trace.dump(view.image, "dm-view")
        trace.note("data matrix at \(quad[0]) outline \(quad.map { "(\(Int($0.x)),\(Int($0.y)))" }): corners \([tl, tr, br, bl].map { "(\(Int($0.x)),\(Int($0.y)))" }) in a \(size) view; timing \(topTiming.transitions.map { Int($0 * 100) }) / \(rightTiming.transitions.map { Int($0 * 100) })")
        guard sizes.contains([rows, columns]) else {
            trace.note("data matrix at \(quad[0]): timing says \(rows)x\(columns)")
            return .corners(corners)
        }

        let us = topTiming.moduleCentres(columns), vs = rightTiming.moduleCentres(rows)
        // Module values come from the photo itself (through the view's map), not from the resampled view: one
        // interpolation instead of two keeps small modules crisp.
        func value(_ u: Double, _ v: Double) -> Double { image.sample(view.sourcePoint(at(u, v))) }
        var samples = [Double](repeating: 0, count: rows * columns)
        let du = 0.15 / Double(columns), dv = 0.15 / Double(rows)
        for r in 0..<rows {
            for c in 0..<columns {
                let (u, v) = (us[c], vs[r])
                samples[r * columns + c] = (value(u, v) * 2 + value(u - du, v - dv) + value(u + du, v - dv)
                    + value(u - du, v + dv) + value(u + du, v + dv)) / 6
            }
        }
        let grids = ModuleThreshold.grids(samples, columns: columns, rows: rows)
        guard let best = grids.min(by: { finderErrors($0) < finderErrors($1) }),
              finderErrors(best) * 10 <= 2 * (rows + columns) else {
            trace.note("data matrix at \(quad[0]): \(rows)x\(columns) grid, finder broken")
            return .corners(corners)
        }
        return .found(Found(grids: grids.filter { finderErrors($0) * 10 <= 2 * (rows + columns) }, corners: corners))
    }

    /// Modules of the L and the timing edges that are not as ECC 200 draws them: a measure of whether the grid was
    /// sampled in the right place, before any decoder is asked.
    static func finderErrors(_ grid: ModuleGrid) -> Int {
        var errors = 0
        for c in 0..<grid.columns {
            if !grid[c, grid.rows - 1] { errors += 1 }                 // bottom arm: all dark
            if grid[c, 0] != (c % 2 == 0) { errors += 1 }               // top timing: dark on even columns
        }
        for r in 0..<grid.rows {
            if !grid[0, r] { errors += 1 }                              // left arm: all dark
            if grid[grid.columns - 1, r] != (r % 2 == 1) { errors += 1 } // right timing: dark on odd rows
        }
        return errors
    }
}
