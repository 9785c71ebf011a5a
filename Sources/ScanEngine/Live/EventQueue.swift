import CardModel
import Foundation

/// A live session's events on their way to its consumer, on a thread of their own. The session appends under its
/// lock, so the queue holds events in the order they happened; appending never waits, so a consumer that is slow
/// (writing SQLite under a busy timeout, or stdout to a front end that stopped reading) stalls no capture, barcode
/// or OCR thread, and loses nothing: everything waits here and is delivered in order. Unbounded by design: events
/// come only when something changes (an item, a suggestion), a few per frame at most.
final class EventQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [ScanEvent] = []
    private var closed = false
    private let handler: @Sendable (ScanEvent) -> Void

    init(handler: @escaping @Sendable (ScanEvent) -> Void) { self.handler = handler }

    /// Starts delivering; `drained` runs on the delivery thread once the queue is closed and empty.
    func start(drained: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            while let batch = nextBatch() { batch.forEach(handler) }
            drained()
        }
        thread.name = "cardscan.events"
        thread.start()
    }

    func append(_ event: ScanEvent) {
        condition.lock(); defer { condition.unlock() }
        pending.append(event)
        condition.signal()
    }

    /// No more events: the delivery thread finishes what is queued, then ends.
    func close() {
        condition.lock(); defer { condition.unlock() }
        closed = true
        condition.signal()
    }

    /// Everything queued so far (in order), or nil once closed and empty.
    private func nextBatch() -> [ScanEvent]? {
        condition.lock(); defer { condition.unlock() }
        while pending.isEmpty && !closed { condition.wait() }
        guard !pending.isEmpty else { return nil }
        let batch = pending
        pending = []
        return batch
    }
}
