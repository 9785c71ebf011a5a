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
        // The outer envelope: in each of eight stretches along the side, the second-shallowest hit (a timing
        // side's dark modules reach the edge in every stretch; one stray speck does not move it).
        let bins = 8
        var envelope: [(Double, Double)] = []
        for k in 0..<bins {
            let lo = from + span * Double(k) / Double(bins), hi = from + span * Double(k + 1) / Double(bins)
            let inBin = hits.filter { $0.s >= lo && $0.s < hi }.map(\.depth).sorted()
            guard !inBin.isEmpty else { continue }
            envelope.append(((lo + hi) / 2, inBin[min(1, inBin.count - 1)]))
        }
        guard envelope.count >= 4, var fit = fitLine(envelope) else { return nil }
        let tolerance = max(1.0, 0.015 * span)
        let near = envelope.filter { abs($0.1 - (fit.a + fit.b * $0.0)) <= 2 * tolerance }
        if near.count >= 4, near.count < envelope.count, let refit = fitLine(near) { fit = refit }
        let onLine = hits.filter { abs($0.depth - (fit.a + fit.b * $0.s)) <= tolerance }.count
        return SymbolEdge(line: SideLine(side: side, a: fit.a, b: fit.b, viewSize: size),
                          solidity: Double(onLine) / Double(scans))
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
