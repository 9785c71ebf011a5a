import Imaging

/// One side of a symbol in a rectified view, measured by scanning inward from the margin to the first dark pixel
/// on every line across it. A solid side (a Data Matrix's L) gives a straight row of such hits; a timing side
/// gives hits on its outer line only where its dark modules are, the rest one module or more further in.
struct SymbolEdge {
    let line: SideLine
    /// Share of scan lines whose first dark pixel lies on the fitted line: near 1 for a solid side, near 0.5 for
    /// an alternating one.
    let solidity: Double

    /// Measures side `side` of `view` (binarised at `threshold`), where the symbol's edge is expected near depth
    /// `expected`, over the middle of the side from `from` to `to`.
    static func measure(_ view: GrayImage, side: Int, threshold: Int, expected: Double, from: Double, to: Double) -> SymbolEdge? {
        let size = view.width
        let span = to - from
        let start = max(0, expected - 0.12 * span), stop = Double(size) / 2
        var hits: [(s: Double, depth: Double)] = []
        var scans = 0
        var s = from
        while s <= to {
            defer { s += 1 }
            scans += 1
            var previous = view.sample(SideLine.point(side: side, s: s, depth: start, viewSize: size))
            guard previous >= Double(threshold) else { continue }  // no light margin on this line
            var depth = start + 1
            while depth < stop {
                let value = view.sample(SideLine.point(side: side, s: s, depth: depth, viewSize: size))
                if value < Double(threshold) {
                    // Sub-pixel: where the grey value crossed the threshold between the two samples.
                    let t = (previous - Double(threshold)) / max(1e-6, previous - value)
                    hits.append((s, depth - 1 + t))
                    break
                }
                previous = value
                depth += 1
            }
        }
        guard hits.count >= max(6, scans / 2) else { return nil }
        // The outer envelope: fit a line, keep the hits not deeper than it, fit again. A solid side's hits are all
        // on it; a timing side's light modules leave hits a module or more deeper, which fall away. (Binning the
        // side and taking each bin's shallowest hit fails on small symbols, whose bins can miss every dark timing
        // module.) Then hits far outside the line, specks in the margin, are dropped and the line fitted again.
        let tolerance = max(1.0, 0.015 * span)
        let all = hits.map { ($0.s, $0.depth) }
        guard var fit = fitLine(all) else { return nil }
        for _ in 0..<5 {
            let shallow = all.filter { $0.1 <= fit.a + fit.b * $0.0 + 0.5 * tolerance }
            guard shallow.count >= 4, let next = fitLine(shallow) else { break }
            fit = next
        }
        let kept = all.filter { abs($0.1 - (fit.a + fit.b * $0.0)) <= tolerance }
        if kept.count >= 4, let refit = fitLine(kept) { fit = refit }
        var onLine = hits.filter { abs($0.depth - (fit.a + fit.b * $0.s)) <= tolerance }
        // The curve: a second-order envelope grown from the line's hits (a side bent by a curved band leaves its
        // middle off any straight line), kept when it holds more hits than the line did.
        var curve = (a: fit.a, b: fit.b, c: 0.0)
        if onLine.count >= 8, var q = fitQuadratic(onLine.map { ($0.s, $0.depth) }) {
            for _ in 0..<3 {
                let shallow = all.filter { $0.1 <= q.a + q.b * $0.0 + q.c * $0.0 * $0.0 + 0.5 * tolerance }
                guard shallow.count >= 8, let next = fitQuadratic(shallow) else { break }
                q = next
            }
            let onCurve = hits.filter { abs($0.depth - (q.a + q.b * $0.s + q.c * $0.s * $0.s)) <= tolerance }
            // A bend of at most a seventh of the side (a band round a wrist), never a wild fit to a few points.
            if onCurve.count >= onLine.count, abs(q.c) * span * span / 4 < span / 7,
               let refit = fitQuadratic(onCurve.map { ($0.s, $0.depth) }) {
                curve = refit
                onLine = onCurve
            }
        }
        return SymbolEdge(line: SideLine(side: side, a: curve.a, b: curve.b, c: curve.c, viewSize: size),
                          solidity: Double(onLine.count) / Double(scans))
    }

    /// Least squares `y = a + b x + c x^2` (normal equations, Cramer's rule on the centred x for stability).
    static func fitQuadratic(_ points: [(Double, Double)]) -> (a: Double, b: Double, c: Double)? {
        let n = Double(points.count)
        let mean = points.reduce(0) { $0 + $1.0 } / n
        var s = [Double](repeating: 0, count: 5), t = [Double](repeating: 0, count: 3)
        for (x0, y) in points {
            let x = x0 - mean
            var p = 1.0
            for k in 0..<5 { s[k] += p; if k < 3 { t[k] += p * y }; p *= x }
        }
        func det(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        let m = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
        let d = det(m)
        guard abs(d) > 1e-9 else { return nil }
        func replaced(_ col: Int) -> [[Double]] { (0..<3).map { r in (0..<3).map { c in c == col ? t[r] : m[r][c] } } }
        let (a0, b0, c0) = (det(replaced(0)) / d, det(replaced(1)) / d, det(replaced(2)) / d)
        // Back from centred x: y = a0 + b0 (x - m) + c0 (x - m)^2.
        return (a0 - b0 * mean + c0 * mean * mean, b0 - 2 * c0 * mean, c0)
    }

    /// Least squares `y = a + b x`.
    static func fitLine(_ points: [(Double, Double)]) -> (a: Double, b: Double)? {
        let n = Double(points.count)
        let sx = points.reduce(0) { $0 + $1.0 }, sy = points.reduce(0) { $0 + $1.1 }
        let sxx = points.reduce(0) { $0 + $1.0 * $1.0 }, sxy = points.reduce(0) { $0 + $1.0 * $1.1 }
        let d = n * sxx - sx * sx
        guard abs(d) > 1e-9 else { return nil }
        let b = (n * sxy - sx * sy) / d
        return ((sy - b * sx) / n, b)
    }
}
