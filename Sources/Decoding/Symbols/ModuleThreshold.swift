/// Dark or light for each sampled module. One threshold for the whole symbol (Otsu's split of the module values)
/// is right for even light; glare or a shadow across a band needs each module compared with its neighbourhood.
/// Both readings are offered; the decoder's error correction says which one is right.
enum ModuleThreshold {
    static func grids(_ samples: [Double], columns: Int, rows: Int) -> [ModuleGrid] {
        let global = Double(otsuThreshold(samples.map { UInt8(max(0, min(255, $0.rounded()))) }))
        let plain = ModuleGrid(columns: columns, rows: rows, dark: samples.map { $0 < global })
        // Local: halfway between the darkest and lightest module within three modules, where the two differ
        // enough to hold both; else the global split.
        var local = [Bool](repeating: false, count: samples.count)
        let reach = 3
        for r in 0..<rows {
            for c in 0..<columns {
                var lo = 255.0, hi = 0.0
                for rr in max(0, r - reach)...min(rows - 1, r + reach) {
                    for cc in max(0, c - reach)...min(columns - 1, c + reach) {
                        let v = samples[rr * columns + cc]
                        lo = min(lo, v); hi = max(hi, v)
                    }
                }
                let threshold = hi - lo > 40 ? (lo + hi) / 2 : global
                local[r * columns + c] = samples[r * columns + c] < threshold
            }
        }
        let adaptive = ModuleGrid(columns: columns, rows: rows, dark: local)
        return adaptive == plain ? [plain] : [plain, adaptive]
    }
}
