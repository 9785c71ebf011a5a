import Imaging

/// The grey values along one line of a symbol and their dark runs. Along a timing edge the runs alternate module
/// by module, so their count gives the symbol's size and their boundaries where each module is, even where a
/// curved band squeezes the modules near its edge.
struct TimingProfile {
    /// Dark runs along the line.
    let darkRuns: Int
    /// Where the grey value crosses the threshold, as fractions of the line (0...1).
    let transitions: [Double]
    /// Whether the interior runs are all of similar length, as a timing edge's are.
    let isRegular: Bool

    init(_ values: [Double], threshold: Double) {
        var runs: [Int] = []
        var transitions: [Double] = []
        var dark = values[0] < threshold
        var length = 1
        var darkRuns = dark ? 1 : 0
        let last = Double(values.count - 1)
        for i in 1..<values.count {
            let isDark = values[i] < threshold
            if isDark == dark { length += 1; continue }
            let t = (values[i - 1] - threshold) / (values[i - 1] - values[i])
            transitions.append((Double(i - 1) + t) / last)
            runs.append(length)
            length = 1
            dark = isDark
            if dark { darkRuns += 1 }
        }
        runs.append(length)
        self.darkRuns = darkRuns
        self.transitions = transitions
        let interior = runs.count > 2 ? Array(runs.dropFirst().dropLast()) : runs
        let median = Double(interior.sorted()[interior.count / 2])
        isRegular = interior.allSatisfy { Double($0) >= 0.45 * median && Double($0) <= 2.2 * median }
    }

    /// Module centres along the line (fractions 0...1) for `modules` modules: the midpoints between measured
    /// boundaries when there are exactly enough of them, else evenly spaced.
    func moduleCentres(_ modules: Int) -> [Double] {
        // A crossing within a fraction of a module of either end is the edge itself (the line starting or ending
        // just outside the symbol), not a module boundary.
        let margin = 0.3 / Double(modules)
        let boundaries = [0.0] + transitions.filter { $0 > margin && $0 < 1 - margin } + [1.0]
        if boundaries.count == modules + 1 {
            return (0..<modules).map { (boundaries[$0] + boundaries[$0 + 1]) / 2 }
        }
        return (0..<modules).map { (Double($0) + 0.5) / Double(modules) }
    }
}
