import Foundation

/// A second tesseract engine, made on a background thread so that making it (about 0.1 s) overlaps loading the
/// first image instead of adding to it. `engine` waits for it the first time; nil if it could not be made (the
/// reader then reads one thing at a time, as without it).
final class SpareEngine: @unchecked Sendable {
    private var made: TesseractEngine?
    private let ready = DispatchSemaphore(value: 0)
    private var waited = false
    private let lock = NSLock()

    init() {
        let thread = Thread { [self] in
            made = try? TesseractEngine()
            ready.signal()
        }
        thread.start()
    }

    /// The engine, once made. Used from the reader's thread only (as the reader itself is).
    var engine: TesseractEngine? {
        lock.lock(); defer { lock.unlock() }
        if !waited { ready.wait(); waited = true }
        return made
    }
}
