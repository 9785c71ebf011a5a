import Foundation

/// A second tesseract engine, made on a background thread so that making it (about 0.1 s) overlaps loading the
/// first image instead of adding to it. `engine` waits for it the first time; nil if it could not be made (the
/// reader then reads one thing at a time, as without it).
final class SpareEngine: @unchecked Sendable {
    /// What the making thread fills in; the thread holds this, not the SpareEngine, so that the engine's owner
    /// going away can wait for the thread (below).
    private final class Slot: @unchecked Sendable {
        var made: TesseractEngine?
        let ready = DispatchSemaphore(value: 0)
    }
    private let slot = Slot()
    private var waited = false
    private let lock = NSLock()

    init() {
        let thread = Thread { [slot] in
            slot.made = try? TesseractEngine()
            slot.ready.signal()
        }
        thread.start()
    }

    /// A reader dropped before it needed the spare (one photo, read without it) waits for the making to end, so no
    /// thread is still inside tesseract when the process exits and unloads it.
    /// The engine is freed here, on the owner's thread, not by whichever thread lets go of the slot last.
    deinit {
        if !waited { slot.ready.wait() }
        slot.made = nil
    }

    /// The engine, once made. Used from the reader's thread only (as the reader itself is).
    var engine: TesseractEngine? {
        lock.lock(); defer { lock.unlock() }
        if !waited { slot.ready.wait(); waited = true }
        return slot.made
    }
}
