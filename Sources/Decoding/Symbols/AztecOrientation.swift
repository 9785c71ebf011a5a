/// One of the eight ways an Aztec symbol can lie relative to the grid we sampled (four quarter turns, mirrored or
/// not), as a map from the symbol's own upright coordinates to the sampled ones (centre at 0, y down).
struct Orientation {
    let turns: Int
    let mirrored: Bool

    static let all = (0..<4).flatMap { t in [Orientation(turns: t, mirrored: false), Orientation(turns: t, mirrored: true)] }

    func raw(_ x: Int, _ y: Int) -> (Int, Int) {
        var (a, b) = mirrored ? (-x, y) : (x, y)
        for _ in 0..<turns { (a, b) = (-b, a) }
        return (a, b)
    }

    func raw(_ x: Double, _ y: Double) -> (Double, Double) {
        var (a, b) = mirrored ? (-x, y) : (x, y)
        for _ in 0..<turns { (a, b) = (-b, a) }
        return (a, b)
    }

    /// How many of the twelve orientation-mark modules on the mode-message ring differ from ISO/IEC 24778's
    /// drawing: top-left corner and both neighbours dark; top-right corner and the one below dark, the one left
    /// light; bottom-right corner and the one left light, the one above dark; bottom-left all light.
    func markErrors(radius r: Int, _ isDark: (Int, Int) -> Bool) -> Int {
        let expected: [((Int, Int), Bool)] = [
            ((-r, -r), true), ((-r + 1, -r), true), ((-r, -r + 1), true),
            ((r, -r), true), ((r - 1, -r), false), ((r, -r + 1), true),
            ((r, r), false), ((r - 1, r), false), ((r, r - 1), true),
            ((-r, r), false), ((-r + 1, r), false), ((-r, r - 1), false),
        ]
        return expected.filter { point, dark in
            let (x, y) = raw(point.0, point.1)
            return isDark(x, y) != dark
        }.count
    }

    /// The mode message, clockwise from the top-left corner: each side's modules between the orientation marks
    /// (and, on a full-range symbol, either side of the reference-grid module in the middle).
    func modeMessageBits(radius r: Int, _ isDark: (Int, Int) -> Bool) -> [Bool] {
        var bits: [Bool] = []
        for side in 0..<4 {
            for k in 0..<(2 * r) {
                guard k >= 2, k != 2 * r - 1, !(r == 7 && k == r) else { continue }
                let (x, y): (Int, Int)
                switch side {
                case 0: (x, y) = (-r + k, -r)
                case 1: (x, y) = (r, -r + k)
                case 2: (x, y) = (r - k, r)
                default: (x, y) = (-r, r - k)
                }
                let (rx, ry) = raw(x, y)
                bits.append(isDark(rx, ry))
            }
        }
        return bits
    }
}
