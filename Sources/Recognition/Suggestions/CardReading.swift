import CardModel

/// Everything read from one card, as the classifiers see it: the text lines in reading order (so a label on the
/// line above a value can be found) and the barcodes.
///
/// The content of a 2D code that carries text (`Name: …, DOB: …`) is read as a card of its own whose lines are the
/// code's parts (`fromBarcode`).
struct CardReading {
    let lines: [RecognizedItem]
    let barcodes: [RecognizedItem]
    let today: SimpleDate
    /// The reading is of a wristband (`wristband IMAGE`, `camera --wristband`): a band's code is its patient ID.
    let wristbandMode: Bool
    /// The lines are parts of a barcode's content, not printed text.
    let fromBarcode: Bool

    func text(_ i: Int) -> String? { lines.indices.contains(i) ? lines[i].text : nil }

    /// The lines are a till receipt's (`TillReceipt`).
    var isTillReceipt: Bool { !fromBarcode && TillReceipt.isOne(lines.map(\.text)) }

    /// The line that holds a label's value when the label's own line does not: the next line in reading order,
    /// unless that line lies wholly to the left of the label (a value is beside its label or under it, never
    /// before it) and one of the two after it lies under the label (sharing at least half the narrower one's
    /// width). Reading order alone put a line from beside the card between a label and its value (`Surname,
    /// Forename(s)`, then a newspaper's `| \Manthlh` to its left, then `Le Marquand, Owen`). Only that case: on
    /// tilted photos a value beside its label can sit above or below it, and reading order has it right.
    func lineBelow(_ i: Int) -> Int? {
        guard lines.indices.contains(i + 1) else { return nil }
        let label = lines[i].bounds
        guard lines[i + 1].bounds.maxX < label.minX else { return i + 1 }
        return [i + 2, i + 3].first { lines.indices.contains($0) && lines[$0].kind == .text && Self.shareAColumn(label, lines[$0].bounds) }
            ?? i + 1
    }

    /// Two lines in one column: sharing at least half the narrower one's width.
    static func shareAColumn(_ a: Quad, _ b: Quad) -> Bool {
        let shared = min(a.maxX, b.maxX) - max(a.minX, b.minX)
        return shared > 0 && 2 * shared >= min(a.maxX - a.minX, b.maxX - b.minX)
    }

    /// The nearest line printed under line `i` in its column, for a card laid out as a grid of labels over values
    /// (`SURNAME` over `MENSAH`, `FORENAMES` over `MOLLY`): a line whose top is below the label's middle, within
    /// three of the label's heights of its bottom, sharing at least half the narrower one's width, and that
    /// `accepts` says is a value. Nil when none is.
    /// Measured in the label's own frame (`LineFrame`) where its quad gives one: on a tilted photo the value under
    /// a label can start above the label's upright middle.
    func lineUnder(_ i: Int, accepts: (Int) -> Bool) -> Int? {
        guard lines.indices.contains(i) else { return nil }
        let label = lines[i].bounds
        if let frame = LineFrame(label) {
            return lines.indices.compactMap { k -> (line: Int, across: Double)? in
                guard k != i, lines[k].kind == .text, accepts(k) else { return nil }
                let across = frame.place(lines[k].bounds.points[0]).across
                guard across >= 0.5, across - 1 <= 3, frame.sharesAColumn(with: lines[k].bounds) else { return nil }
                return (k, across)
            }.min { $0.across < $1.across }?.line
        }
        let height = Double(max(1, label.maxY - label.minY))
        return lines.indices.filter { k in
            guard k != i, lines[k].kind == .text, accepts(k) else { return false }
            let b = lines[k].bounds
            return Double(b.minY) >= label.center.y && Double(b.minY - label.maxY) <= 3 * height && Self.shareAColumn(label, b)
        }.min { lines[$0].bounds.minY < lines[$1].bounds.minY }
    }

    /// The line printed just above line `i` in its column (an address's lines stand one under another): the
    /// nearest line whose bottom is above `i`'s middle, within one and a half of `i`'s heights of its top, sharing
    /// at least half the narrower one's width. Found by position, not reading order: a line read again closer
    /// (`RereadPlanner`) comes after every other.
    func lineAbove(_ i: Int) -> Int? {
        guard !fromBarcode, lines.indices.contains(i) else { return nil }
        let line = lines[i].bounds
        let height = Double(max(1, line.maxY - line.minY))
        return lines.indices.filter { k in
            guard k != i, lines[k].kind == .text else { return false }
            let b = lines[k].bounds
            return Double(b.maxY) <= line.center.y && Double(line.minY - b.maxY) <= 1.5 * height && Self.shareAColumn(line, b)
        }.max { lines[$0].bounds.maxY < lines[$1].bounds.maxY }
    }

    /// Confidence of a value read from line `i`: the OCR confidence, or a code's near-certain read.
    func confidence(_ i: Int) -> Double { fromBarcode ? Confidence.codeText : lines[i].confidence }

    /// Other passes' readings of line `i` (the text is read more than once: flattened, sparse, closer): lines that
    /// start where it starts, within half its height, at about its height. They may run on past it, since a
    /// reading can be cut short (`Dr Declan Dun:` beside `Dr Declan Dunstable`). None for a code's parts.
    func otherReadings(of i: Int) -> [Int] {
        guard !fromBarcode, lines.indices.contains(i) else { return [] }
        func distance(_ dx: Double, _ dy: Double) -> Double { (dx * dx + dy * dy).squareRoot() }
        func start(_ q: Quad) -> (x: Double, y: Double, height: Double) {
            let p = q.points
            return (Double(p[0].x + p[3].x) / 2, Double(p[0].y + p[3].y) / 2,
                    distance(Double(p[3].x - p[0].x), Double(p[3].y - p[0].y)))
        }
        let here = start(lines[i].bounds)
        guard here.height >= 1 else { return [] }
        return lines.indices.filter { k in
            guard k != i, lines[k].kind == .text else { return false }
            let there = start(lines[k].bounds)
            return distance(there.x - here.x, there.y - here.y) <= here.height / 2
                && there.height <= 1.5 * here.height && here.height <= 1.5 * there.height
        }
    }
}

/// One family of identifiers (NHS, Channel Islands social security, wristband/GS1, hospital numbers, retail,
/// demographics): reads a card for its kinds of value. `SuggestionBuilder` composes them; adding a family is one
/// classifier in its folder and one line in `EvidenceCollector.classifiers`.
protocol EvidenceClassifier: Sendable {
    func evidence(in card: CardReading) -> [Evidence]
}
