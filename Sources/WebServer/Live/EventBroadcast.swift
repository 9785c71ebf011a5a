import CardModel
import Foundation

/// The live events of `cardscan serve`'s sessions, fanned out to every page listening (Server-Sent Events). Each
/// event is one SSE message whose data is exactly the JSON line `cardscan camera --json` prints for it.
///
/// The current session's events are kept (the newest `keep`), so a page opened or reloaded mid-session is sent
/// them first and draws the same picture. Publishing never waits for a page: each reads at its own pace from the
/// shared log, and one that falls more than `keep` events behind skips ahead.
final class EventBroadcast: @unchecked Sendable {
    private let condition = NSCondition()
    private var log: [(serial: Int, message: [UInt8])] = []
    private var serial = 0
    private var closed = false
    private let keep: Int
    /// How long a page may wait without a message before it is sent a comment (keeps the connection open
    /// through idle timeouts, and finds a page that has gone).
    let keepAlive: Double

    init(keep: Int = 2000, keepAlive: Double = 15) { self.keep = keep; self.keepAlive = keepAlive }

    func publish(_ event: ScanEvent) {
        guard let json = try? APIJSON.encoder.encode(event) else { return }
        condition.lock(); defer { condition.unlock() }
        // A new session (not a reconnection) starts a new log: a page that joins now needs this session only.
        if event.event == .sessionStarted && event.reason == nil { log.removeAll() }
        serial += 1
        log.append((serial, Array("data: ".utf8) + Array(json) + Array("\n\n".utf8)))
        if log.count > keep { log.removeFirst(log.count - keep) }
        condition.broadcast()
    }

    /// Ends every stream (the server is stopping).
    func close() {
        condition.lock(); closed = true; condition.broadcast(); condition.unlock()
    }

    /// A stream for one page, starting with the current session's events.
    func subscribe() -> ResponseStream {
        condition.lock(); defer { condition.unlock() }
        return Subscription(self, after: log.first.map { $0.serial - 1 } ?? serial)
    }

    /// The messages after `after`, waiting up to `keepAlive` for one; nil when closed or cancelled.
    fileprivate func messages(after: Int, cancelled: () -> Bool) -> (messages: [UInt8], last: Int)? {
        condition.lock(); defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(keepAlive)
        while !closed && !cancelled() && (log.last?.serial ?? 0) <= after {
            if !condition.wait(until: deadline) { return (Array(": keep-alive\n\n".utf8), after) }
        }
        guard !closed && !cancelled() else { return nil }
        // Serials in the log are consecutive: the first fresh one is found by subtraction, not by a scan.
        let fresh = log[max(0, after + 1 - log[0].serial)...]
        return (fresh.flatMap(\.message), fresh.last!.serial)
    }

    fileprivate func wake() { condition.lock(); condition.broadcast(); condition.unlock() }
}

/// One page's stream of events.
private final class Subscription: ResponseStream, @unchecked Sendable {
    private let broadcast: EventBroadcast
    private var last: Int
    private var started = false
    private let lock = NSLock()
    private var isCancelled = false

    init(_ broadcast: EventBroadcast, after: Int) { self.broadcast = broadcast; last = after }

    func next() -> [UInt8]? {
        // First, how soon the browser should reconnect if the stream breaks (a restart, a dropped connection).
        if !started { started = true; return Array("retry: 1000\n\n".utf8) }
        guard let (messages, newest) = broadcast.messages(after: last, cancelled: { lock.withLock { isCancelled } }) else { return nil }
        last = newest
        return messages
    }

    func cancel() {
        lock.withLock { isCancelled = true }
        broadcast.wake()
    }
}
