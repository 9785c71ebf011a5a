import Foundation
import Imaging

/// From a bullseye centre to an Aztec symbol's module grid: the middle of the bullseye's third ring (a light square
/// three modules out, between two dark rings, so its middle stays put whatever the ink spread; the fourth ring
/// touches the mode message's dark modules) is traced along rays and fitted with four lines; its corners
/// give the projective map of the whole module grid. The orientation marks then say which way up the symbol is,
/// the mode message its size, and the grid is sampled module by module.
enum AztecLocator {
    struct Found {
        /// The symbol's modules, upright (orientation marks as ISO/IEC 24778 draws them), each with its corners
        /// in the source image (top-left, top-right, bottom-right, bottom-left as the symbol reads), most likely
        /// placement first (`placementScales`); none for a rune. Each is refined and sampled only when asked for:
        /// the first placement decodes most symbols, and a live frame with one should not pay for six.
        var grids: [() -> (modules: ModuleGrid, corners: [PointF])?] = []
        var rune: UInt8?
        /// A rune's corners.
        var corners: [PointF] = []
    }

    static func locate(in image: GrayImage, binary: GrayImage, centre: AztecBullseye.Centre,
                       trace: SymbolTrace = .off) -> Found? {
        guard let ring = ringCorners(binary, centre: centre),
              let toImage = Homography(from: [PointF(x: -3, y: -3), PointF(x: 3, y: -3), PointF(x: 3, y: 3), PointF(x: -3, y: 3)],
                                       to: ring) else {
            trace.note("aztec at \(centre.point): no ring fit")
            return nil
        }
        func grey(_ x: Int, _ y: Int) -> Double {
            let p = toImage.map(PointF(x: Double(x), y: Double(y)))
            return (image.sample(p) * 2 + image.sample(toImage.map(PointF(x: Double(x) - 0.2, y: Double(y) - 0.2)))
                + image.sample(toImage.map(PointF(x: Double(x) + 0.2, y: Double(y) + 0.2)))) / 4
        }
        func ringValues(_ r: Int) -> [Double] {
            guard r > 0 else { return [grey(0, 0)] }
            return (-r..<r).flatMap { k in [grey(k, -r), grey(r, k), grey(-k, r), grey(-r, -k)] }
        }
        // The bullseye's own rings calibrate dark and light.
        let darkMean = mean(ringValues(0) + ringValues(2) + ringValues(4)), lightMean = mean(ringValues(1) + ringValues(3))
        guard lightMean - darkMean >= 20 else {
            trace.note("aztec at \(centre.point): rings too faint (\(darkMean) / \(lightMean))")
            return nil
        }
        let threshold = (darkMean + lightMean) / 2
        let isFull = ringValues(5).filter { $0 >= threshold }.count * 10 >= 36 * 9
            && ringValues(6).filter { $0 < threshold }.count * 10 >= 48 * 9
        let radius = isFull ? 7 : 5
        func isDark(_ x: Int, _ y: Int) -> Bool { grey(x, y) < threshold }

        // Each of the eight ways the symbol can lie (four turns, mirrored or not), best orientation marks first.
        let layouts = Orientation.all
            .map { ($0, $0.markErrors(radius: radius, isDark)) }
            .filter { $0.1 <= 2 }
            .sorted { $0.1 < $1.1 }
        trace.note("aztec at \(centre.point): \(isFull ? "full" : "compact"), ring \(ring), orientations \(layouts.map(\.1))")
        if trace.isOn {
            for y in -radius...radius { trace.note((-radius...radius).map { isDark($0, y) ? "#" : "." }.joined()) }
        }
        for (orientation, _) in layouts {
            let bits = orientation.modeMessageBits(radius: radius, isDark)
            guard let message = AztecModeMessage.decode(bits, compact: !isFull) else { continue }
            switch message {
            case .rune(let value):
                return Found(rune: value, corners: corners(toImage, orientation, half: 5.5))
            case .symbol(let layers, let dataCodewords):
                trace.note("aztec mode message: \(layers) layers, \(dataCodewords) data codewords")
                let size = AztecModeMessage.size(layers: layers, compact: !isFull)
                let half = Double(size / 2)
                // The symbol's own corners (in the sampled frame), then fitted to the whole grid.
                let gridCorners = [(-half - 0.5, -half - 0.5), (half + 0.5, -half - 0.5), (half + 0.5, half + 0.5), (-half - 0.5, half + 0.5)]
                    .map { PointF(x: $0.0, y: $0.1) }
                let rawCentres = (0..<size).flatMap { r in (0..<size).map { c in
                    let (x, y) = orientation.raw(Double(c) - half, Double(r) - half)
                    return PointF(x: x, y: y)
                } }
                let modulePixels = toImage.map(PointF(x: 0, y: 0)).distance(to: toImage.map(PointF(x: 1, y: 0)))
                // The ring's best parallelogram (least squares over its four corners, which sit at (±3, ±3)): a
                // homography through four points 6 modules apart also fits their errors as perspective, which
                // grows fastest of all when extrapolated.
                let (c0, c1, c2, c3) = (ring[0], ring[1], ring[2], ring[3])
                let origin = (c0 + c1 + c2 + c3) * 0.25
                let alongX = (c1 + c2 - c0 - c3) * (1.0 / 12), alongY = (c2 + c3 - c0 - c1) * (1.0 / 12)
                let affine = { (p: PointF) in origin + alongX * p.x + alongY * p.y }
                var found = Found()
                let maps: [(PointF) -> PointF] = [toImage.map, affine]
                for (map, scale) in Self.placementScales.flatMap({ scale in maps.map { ($0, scale) } }) {
                    let placed = gridCorners.map { map(PointF(x: $0.x * scale, y: $0.y * scale)) }
                    found.grids.append {
                        let fitted = GridFit.refine(image, corners: placed, gridCorners: gridCorners,
                                                    modules: rawCentres, threshold: threshold, modulePixels: modulePixels)
                        guard let grid = Homography(from: gridCorners, to: fitted) else { return nil }
                        var modules = ModuleGrid(columns: size, rows: size)
                        for (i, p) in rawCentres.enumerated() { modules[i % size, i / size] = image.sample(grid.map(p)) < threshold }
                        return (modules, corners(grid, orientation, half: half + 0.5))
                    }
                }
                return found
            }
        }
        return nil
    }

    /// The grid is extrapolated from the bullseye's third ring (6 modules across) to the whole symbol, and a small
    /// few percent of error in that ring's fit is a module or more at the symbol's edge, where `GridFit`'s local
    /// search settles on the wrong optimum (small compact symbols photographed flat at 3-4 px a module read
    /// nothing: their outer rows sampled a module off). So the grid is placed by the ring's homography and by its
    /// parallelogram, each also a little larger and smaller about the centre; each placement is refined and tried
    /// in this order until one decodes.
    static let placementScales = [1.0, 1.04, 0.96]

    private static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(1, values.count)) }

    private static func corners(_ toImage: Homography, _ orientation: Orientation, half: Double) -> [PointF] {
        [(-half, -half), (half, -half), (half, half), (-half, half)].map { x, y in
            let (rx, ry) = orientation.raw(x, y)
            return toImage.map(PointF(x: rx, y: ry))
        }
    }

    /// Corners of the square through the middle of the bullseye's third (light) ring, 3 modules from the centre,
    /// clockwise: rays from the centre find the ring's inner and outer edges, whose midpoints are fitted.
    static func ringCorners(_ binary: GrayImage, centre: AztecBullseye.Centre) -> [PointF]? {
        let rays = 64
        var points: [PointF] = []
        let reach = centre.module * 9
        for k in 0..<rays {
            let angle = Double(k) * 2 * .pi / Double(rays)
            let dx = cos(angle), dy = sin(angle)
            var transitions: [Double] = []
            var previous = true
            var t = 0.0
            while t < reach, transitions.count < 4 {
                t += 0.25
                let x = Int((centre.point.x + dx * t).rounded()), y = Int((centre.point.y + dy * t).rounded())
                guard x >= 0, y >= 0, x < binary.width, y < binary.height else { break }
                let dark = binary.pixels[y * binary.stride + x] == 0
                if dark != previous { transitions.append(t); previous = dark }
            }
            guard transitions.count == 4 else { continue }
            let middle = (transitions[2] + transitions[3]) / 2
            points.append(PointF(x: centre.point.x + dx * middle, y: centre.point.y + dy * middle))
        }
        guard points.count >= rays * 3 / 4, let rough = QuadFit.corners(of: DarkBlobs.convexHull(points)) else { return nil }
        // Refine: a least-squares line through each side's points (away from the corners), then their crossings.
        var lines: [(PointF, PointF)] = []
        for s in 0..<4 {
            let a = rough[s], b = rough[(s + 1) % 4]
            let length = a.distance(to: b)
            guard length > 2 else { return nil }
            let onSide = points.filter { p in
                let t = ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / (length * length)
                let off = abs((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / length
                return t > 0.15 && t < 0.85 && off < 0.12 * length
            }
            lines.append(onSide.count >= 3 ? principalLine(onSide) : (a, b - a))
        }
        var corners: [PointF] = []
        for s in 0..<4 {
            let (p, d) = lines[(s + 3) % 4], (q, e) = lines[s]
            let det = d.x * e.y - d.y * e.x
            guard abs(det) > 1e-9 else { return nil }
            let t = ((q.x - p.x) * e.y - (q.y - p.y) * e.x) / det
            corners.append(p + d * t)
        }
        return corners
    }

    /// The line through `points` along their main direction: (a point on it, its direction).
    private static func principalLine(_ points: [PointF]) -> (PointF, PointF) {
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + $1.x } / n, my = points.reduce(0) { $0 + $1.y } / n
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in points { sxx += (p.x - mx) * (p.x - mx); syy += (p.y - my) * (p.y - my); sxy += (p.x - mx) * (p.y - my) }
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        return (PointF(x: mx, y: my), PointF(x: cos(angle), y: sin(angle)))
    }
}
