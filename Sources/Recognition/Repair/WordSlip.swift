/// Words OCR read with a slip or two: a letter changed, lost or added (`Hirth` for `Birth`, `Forenane`).
enum WordSlip {
    /// Whether `a` and `b` are at most one edit apart (equal included).
    static func oneEditApart(_ a: String, _ b: String) -> Bool { editDistance(a, b, limit: 1) <= 1 }

    /// Levenshtein distance, or `limit + 1` once it is certainly above `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a), b = Array(b)
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
            // No cell of a later row is below this row's smallest.
            if row.min()! > limit { return limit + 1 }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
