import CardModel

/// Follows items from frame to frame so a front end can keep one box per physical thing: an item seen again
/// (same kind, format and text, at an overlapping or nearby position) keeps its id; one unseen for its lifetime
/// is removed. Pure logic: no images, no clocks of its own (times are passed in, in seconds).
struct ItemTracker {
    enum Change: Equatable {
        case added(RecognizedItem)
        case updated(RecognizedItem)
        case removed(id: String)
    }

    /// Seconds a barcode may go unseen before it is removed (decoding misses a code on some frames).
    var barcodeLifetime: Double
    /// Seconds a line of text may go unseen: OCR runs on few frames, so text lives longer.
    var textLifetime: Double

    private var tracked: [(item: RecognizedItem, lastSeen: Double)] = []
    private var nextNumber: [RecognizedItem.Kind: Int] = [.barcode: 1, .text: 1]

    init(barcodeLifetime: Double, textLifetime: Double) {
        self.barcodeLifetime = barcodeLifetime; self.textLifetime = textLifetime
    }

    /// The items in view, oldest first, with their session ids.
    var current: [RecognizedItem] { tracked.map(\.item) }

    /// Matches what one pass of `kind` found (ids ignored) against what is tracked. `complete`: the pass read
    /// the whole view (OCR does), so tracked items of that kind it did not see are gone now — text of a card that
    /// has been put away must not be joined with the next card's.
    mutating func update(kind: RecognizedItem.Kind, found: [RecognizedItem], at time: Double, complete: Bool = false) -> [Change] {
        var changes: [Change] = []
        var claimed = Set<Int>()
        for var item in found where item.kind == kind {
            let match = tracked.indices
                .filter { !claimed.contains($0) && Self.isSameThing(tracked[$0].item, item) }
                .min { Self.distance(tracked[$0].item.bounds, item.bounds) < Self.distance(tracked[$1].item.bounds, item.bounds) }
            if let index = match {
                claimed.insert(index)
                item.id = tracked[index].item.id
                let moved = Self.moved(tracked[index].item.bounds, item.bounds)
                tracked[index] = (item, time)
                if moved { changes.append(.updated(item)) }
            } else {
                item.id = newId(for: kind)
                tracked.append((item, time))
                claimed.insert(tracked.count - 1)
                changes.append(.added(item))
            }
        }
        if complete {
            let gone = tracked.indices.filter { tracked[$0].item.kind == kind && !claimed.contains($0) }
            changes += gone.map { .removed(id: tracked[$0].item.id) }
            for index in gone.reversed() { tracked.remove(at: index) }
        }
        return changes
    }

    /// Removes what has been out of sight longer than its lifetime.
    mutating func expire(at time: Double) -> [Change] {
        var removed: [Change] = []
        tracked.removeAll { entry in
            let lifetime = entry.item.kind == .barcode ? barcodeLifetime : textLifetime
            guard time - entry.lastSeen > lifetime else { return false }
            removed.append(.removed(id: entry.item.id))
            return true
        }
        return removed
    }

    private mutating func newId(for kind: RecognizedItem.Kind) -> String {
        let number = nextNumber[kind, default: 1]
        nextNumber[kind] = number + 1
        return (kind == .barcode ? "b" : "t") + String(number)
    }

    /// Same content, and close enough to be the same physical thing: overlapping, or its centre within one
    /// box-diagonal of the old one (a card moved between frames).
    static func isSameThing(_ a: RecognizedItem, _ b: RecognizedItem) -> Bool {
        guard a.kind == b.kind, a.format == b.format, a.text == b.text else { return false }
        return a.bounds.overlaps(b.bounds) || distance(a.bounds, b.bounds) <= diagonal(a.bounds)
    }

    static func distance(_ a: Quad, _ b: Quad) -> Double {
        let (ax, ay) = a.center, (bx, by) = b.center
        return ((ax - bx) * (ax - bx) + (ay - by) * (ay - by)).squareRoot()
    }

    private static func diagonal(_ q: Quad) -> Double {
        let w = Double(q.maxX - q.minX), h = Double(q.maxY - q.minY)
        return max(8, (w * w + h * h).squareRoot())
    }

    /// Whether a corner moved by more than 2 pixels: smaller jitter is not worth an event.
    private static func moved(_ a: Quad, _ b: Quad) -> Bool {
        zip(a.points, b.points).contains { abs($0.x - $1.x) > 2 || abs($0.y - $1.y) > 2 }
    }
}
