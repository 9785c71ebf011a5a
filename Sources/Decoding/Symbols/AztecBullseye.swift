import Imaging

/// Candidate Aztec centres: the bullseye's rings make nine runs of one module each (dark centre, then light,
/// dark, light, dark each way) along any line through the centre, so rows are scanned for nine equal runs around
/// a dark one, and each hit is checked down its column.
enum AztecBullseye {
    struct Centre {
        var point: PointF
        /// Estimated module size in pixels.
        var module: Double
        /// How many scan rows crossed it: the true centre of a full-range symbol (thirteen runs) is crossed by
        /// more than the windows two rings off it that also show nine even runs.
        var votes = 1
    }

    static func find(in binary: GrayImage) -> [Centre] {
        var found: [Centre] = []
        var cells: [Int: [Int]] = [:]
        let w = binary.width, h = binary.height
        var runs: [(start: Int, length: Int, dark: Bool)] = []
        // Nine run lengths at a time, in one buffer (an array per dark run was most of this scan's time on texture).
        var widths = [Int](repeating: 0, count: 9)
        binary.pixels.withUnsafeBufferPointer { pixels in
        for y in 0..<h {
            runs.removeAll(keepingCapacity: true)
            let row = y * binary.stride
            var start = 0
            for x in 1...w where x == w || (pixels[row + x] == 0) != (pixels[row + x - 1] == 0) {
                runs.append((start, x - start, pixels[row + start] == 0))
                start = x
            }
            guard runs.count >= 9 else { continue }
            for j in 4..<(runs.count - 4) where runs[j].dark {
                for k in 0..<9 { widths[k] = runs[j - 4 + k].length }
                guard let module = evenRuns(widths, openEnds: true) else { continue }
                let cx = Double(runs[j].start) + Double(runs[j].length) / 2 - 0.5  // pixel centres are at integers
                guard let (cy, vertical) = verticalCheck(binary, x: Int(cx), y: y, module: module) else { continue }
                let centre = Centre(point: PointF(x: cx, y: cy), module: (module + vertical) / 2)
                // The same bullseye is crossed by several rows: count them. Centres are looked up by the cell
                // they lie in and its neighbours, not in one list: a regular pattern (a grid or a dot field
                // behind a code) can pass every check tens of thousands of times (31,686 on one photo), and a
                // search of the whole list per hit took 3.4 s there.
                let key = Self.cell(centre.point)
                var merged = false
                search: for dy in -1...1 {
                    for dx in -1...1 {
                        for k in cells[Self.cellKey(key.x + dx, key.y + dy), default: []]
                        where found[k].point.distance(to: centre.point) < 0.8 * found[k].module {
                            found[k].votes += 1
                            merged = true
                            break search
                        }
                    }
                }
                if !merged {
                    cells[Self.cellKey(key.x, key.y), default: []].append(found.count)
                    found.append(centre)
                }
            }
        }
        }  // pixels
        return found.sorted { $0.votes > $1.votes }
    }

    /// Side of the cells centres are filed under, in pixels: at least 0.8 of the largest module a centre merges
    /// across (modules over 40 px are a symbol filling a 640 px frame; such centres may stay unmerged, which only
    /// splits their votes).
    static let cellSide = 32.0
    static func cell(_ p: PointF) -> (x: Int, y: Int) { (Int((p.x / cellSide).rounded(.down)), Int((p.y / cellSide).rounded(.down))) }
    static func cellKey(_ x: Int, _ y: Int) -> Int { x &* 73_856_093 ^ y &* 19_349_663 }

    /// The smallest module, in pixels, a bullseye is looked for at. Sensor grain thresholded locally breaks into
    /// runs of one or two pixels that pass for rings (31,686 "bullseyes" on one grainy 1920x1080 photo, 0.6 s to
    /// find them); a symbol this small reads only through the closer look, which enlarges it. The smallest
    /// bullseye read on our photos had 2.4 px modules.
    static let smallestModule = 2.0

    /// The module size when nine runs look like the bullseye. Ink spread (or blur and a threshold) makes dark runs
    /// wider and light ones narrower by the same amount but leaves the middles of neighbouring runs one module
    /// apart, so that spacing is what is checked; perspective makes one side's rings thinner, hence the tolerance.
    ///
    /// `openEnds`: the first and last runs are the bullseye's outermost dark ring, and only their inner edges
    /// belong to it. Past a compact symbol's fourth ring lies its mode message, whose modules are as often dark as
    /// light: where one is dark, the ring's run goes on into it (13 px against 3-4 px rings, measured on a small
    /// turned compact symbol), and requiring it to be one module long lost every row through such a centre. The
    /// module is then measured on the seven inner runs, and the ends need only be at least about half a module.
    static func evenRuns(_ widths: [Int], openEnds: Bool = false) -> Double? {
        // The runs measured, as a range of `widths` (no copy: this runs for every dark run of every row).
        let measured = openEnds ? 1..<(widths.count - 1) : 0..<widths.count
        var sum = 0
        for i in measured { sum += widths[i] }
        let module = Double(sum) / Double(measured.count)
        guard module >= smallestModule else { return nil }
        for i in measured where Double(widths[i]) < 0.2 * module || Double(widths[i]) > 2.2 * module { return nil }
        if openEnds {
            guard Double(widths[0]) >= 0.5 * module, Double(widths[widths.count - 1]) >= 0.5 * module else { return nil }
        }
        for i in measured.dropLast() {
            let spacing = Double(widths[i] + widths[i + 1]) / 2
            guard spacing >= 0.6 * module, spacing <= 1.5 * module else { return nil }
        }
        let half = measured.count / 2
        var before = 0, after = 0
        for i in measured.prefix(half) { before += widths[i] }
        for i in measured.suffix(half) { after += widths[i] }
        guard Double(before) <= 1.6 * Double(after), Double(after) <= 1.6 * Double(before) else { return nil }
        return module
    }

    /// Whether column `x` crosses the same pattern around row `y`; gives the centre's row and the module there.
    static func verticalCheck(_ binary: GrayImage, x: Int, y: Int, module: Double) -> (Double, Double)? {
        guard let (offset, vertical) = lineCheck(binary, x: x, y: y, dx: 0, dy: 1, module: module),
              vertical > 0.5 * module, vertical < 2 * module else { return nil }
        // Both diagonals too: where a full-range symbol's reference grid lines cross, rows and columns alternate
        // just as through a bullseye, but the diagonals run through data. (Three rings each way: past the fourth
        // a diagonal meets the orientation marks' corner modules.)
        let cy = Double(y) + offset
        let iy = Int(cy.rounded())
        guard lineCheck(binary, x: x, y: iy, dx: 1, dy: 1, module: module, rings: 3) != nil,
              lineCheck(binary, x: x, y: iy, dx: 1, dy: -1, module: module, rings: 3) != nil else { return nil }
        return (cy, vertical)
    }

    /// `2 * rings + 1` even runs along the line through (x, y) in direction (dx, dy), the middle one dark and
    /// holding (x, y): the middle run's centre as an offset along the line (in steps), and the run length.
    static func lineCheck(_ binary: GrayImage, x: Int, y: Int, dx: Int, dy: Int, module: Double, rings: Int = 4) -> (Double, Double)? {
        func dark(_ k: Int) -> Bool? {
            let px = x + k * dx, py = y + k * dy
            guard px >= 0, py >= 0, px < binary.width, py < binary.height else { return nil }
            return binary.pixels[py * binary.stride + px] == 0
        }
        guard dark(0) == true else { return nil }
        let limit = Int(module * 2.5) + 2
        // The outermost run is a dark ring (four rings out) that may run on into the mode message (`evenRuns`):
        // it ends the walk once it is as long as the longest run allowed.
        let openEnds = rings % 2 == 0
        // Run boundaries walking each way from the start.
        func boundaries(step: Int) -> [Int]? {
            var result: [Int] = []
            var k = 0, state = true, length = 0
            while result.count < rings + 1 {
                k += step
                guard let d = dark(k) else { return openEnds && result.count == rings && length > 0 ? result + [k] : nil }
                length += 1
                if length > limit {
                    guard openEnds, result.count == rings else { return nil }
                    result.append(k)
                    break
                }
                if d != state { result.append(k); state.toggle(); length = 0 }
            }
            return result
        }
        guard let back = boundaries(step: -1), let forth = boundaries(step: 1) else { return nil }
        // Edges in order along the line: back[rings] ... back[0], forth[0] ... forth[rings] (between steps).
        let edges = back.reversed().map { Double($0) + 1 } + forth.map(Double.init)
        let widths = (0..<(2 * rings + 1)).map { Int((edges[$0 + 1] - edges[$0]).rounded()) }
        guard let length = evenRuns(widths, openEnds: openEnds) else { return nil }
        return ((edges[rings] + edges[rings + 1]) / 2 - 0.5, length)
    }
}
