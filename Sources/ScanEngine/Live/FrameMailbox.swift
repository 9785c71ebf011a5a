import Capture
import Foundation

/// Hands frames from the capture thread to a decoding thread, one at a time. For a camera the newest frame wins
/// (a stale frame is replaced and counted as dropped, so nothing queues without bound); for files the sender
/// waits until the frame is taken (every file is read).
final class FrameMailbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: Frame?
    private var closed = false
    private let replacesStale: Bool
    private var droppedCount = 0
    private var taken = 0

    init(replacesStale: Bool) { self.replacesStale = replacesStale }

    /// Frames replaced before anyone took them. Read under the mailbox's own lock: the capture thread writes it.
    var dropped: Int {
        condition.lock(); defer { condition.unlock() }
        return droppedCount
    }

    /// Returns false when the mailbox is closed (the frame is not delivered).
    @discardableResult
    func put(_ frame: Frame) -> Bool {
        condition.lock(); defer { condition.unlock() }
        if !replacesStale { while waiting != nil && !closed { condition.wait() } }
        guard !closed else { return false }
        if waiting != nil { droppedCount += 1 }
        waiting = frame
        condition.broadcast()
        return true
    }

    /// The next frame; nil once the mailbox is closed and empty.
    func take() -> Frame? { takeNumbered()?.frame }

    /// The next frame and its turn (0, 1, 2… in the order frames were taken), so several readers can finish
    /// in any order and still report in order.
    func takeNumbered() -> (frame: Frame, turn: Int)? {
        condition.lock(); defer { condition.unlock() }
        while waiting == nil && !closed { condition.wait() }
        guard let frame = waiting else { return nil }
        waiting = nil
        taken += 1
        condition.broadcast()
        return (frame, taken - 1)
    }

    /// No more frames. `discardingWaiting`: drop a frame not yet taken (a stop), or let it be read (end of files).
    func close(discardingWaiting: Bool) {
        condition.lock(); defer { condition.unlock() }
        closed = true
        if discardingWaiting { waiting = nil }
        condition.broadcast()
    }
}
