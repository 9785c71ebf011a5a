import CardModel

/// One printed line that the detector cut into several boxes: where print has a wide gap (between a banner's
/// fields, or a number's digit groups) the detector often ends one box and starts another, and each box is read on
/// its own (`NHS Number 499 901 5986` came back as `Nhsnumbe`, `499 9015` and `986`). A value cut so is in no
/// single line's text; the run's joined text holds it.
struct RowRun {
    /// The lines, in the order the row reads.
    let lines: [Int]
    /// The lines' texts joined: digits cut apart are joined with nothing between them (the cut is no printed gap
    /// the readers can vouch for, and `NHSNumberFinder` takes a 3-3-4 number with a gap lost), other texts with a
    /// space.
    let text: String
    /// Where each line after the first starts in `text` (character offsets).
    let cuts: [Int]

    /// The lines whose text a range of `text` covers.
    func lines(covering range: Range<Int>) -> [Int] {
        let starts = [0] + cuts
        return lines.indices.filter { k in
            let end = k + 1 < starts.count ? starts[k + 1] : Int.max
            return starts[k] < range.upperBound && range.lowerBound < end
        }.map { lines[$0] }
    }

    /// Whether `range` runs across a cut: a value that no single line holds.
    func crossesACut(_ range: Range<Int>) -> Bool {
        cuts.contains { range.lowerBound < $0 && $0 < range.upperBound }
    }
}

extension CardReading {
    /// How far past a line's end, in its heights, the next box of its row may start. A space between words is
    /// about half a height, a banner's gap between its fields one to one and a half (cards-dev3 0039: 1.2).
    static let rowGap = 2.0

    /// The line that carries on line `i`'s row past its end: a text line whose left edge's middle lies on `i`'s
    /// centre line (within half `i`'s height), that starts after `i` ends (at most a quarter height back, at most
    /// `rowGap` heights on), that runs the same way, and whose print is no more than half as tall again. The
    /// nearest one. Nil for a line whose quad gives no frame of its own, and for a code's parts. `frames`: each
    /// line's `LineFrame`, made once for all the lines.
    func lineContinuing(_ i: Int, frames: [LineFrame?]) -> Int? {
        guard !fromBarcode, lines.indices.contains(i), let frame = frames[i] else { return nil }
        let end = frame.length / frame.height
        return lines.indices.compactMap { k -> (line: Int, along: Double)? in
            guard k != i, lines[k].kind == .text else { return nil }
            let p = lines[k].bounds.points
            if let other = frames[k] {
                guard other.along.x * frame.along.x + other.along.y * frame.along.y >= RowNeighbours.sameDirection,
                      other.height <= 1.5 * frame.height else { return nil }
            }
            let (along, across) = frame.place(x: Double(p[0].x + p[3].x) / 2, y: Double(p[0].y + p[3].y) / 2)
            guard abs(across - 0.5) <= 0.5, along >= end - 0.25, along - end <= Self.rowGap else { return nil }
            return (k, along)
        }.min { $0.along < $1.along }?.line
    }

    /// Every row of two boxes or more, each from a line that no other line carries on (`lineContinuing`). Several
    /// passes read the same print, so runs can share lines; a run stops where it would come back on itself.
    func rowRuns() -> [RowRun] {
        let frames = lines.map { LineFrame($0.bounds) }
        let next = lines.indices.map { lineContinuing($0, frames: frames) }
        let continued = Set(next.compactMap { $0 })
        return lines.indices.compactMap { start -> RowRun? in
            guard !continued.contains(start), next[start] != nil else { return nil }
            var run = [start]
            while let k = next[run.last!], !run.contains(k) { run.append(k) }
            var text = lines[start].text, cuts: [Int] = []
            for k in run.dropFirst() {
                let piece = lines[k].text
                let digitsMeet = text.last.map(DigitRepair.isDigit) == true && piece.first.map(DigitRepair.isDigit) == true
                if !digitsMeet { text += " " }
                cuts.append(text.count)
                text += piece
            }
            return RowRun(lines: run, text: text, cuts: cuts)
        }
    }
}
