import CardModel
import CardStore
import Foundation

/// Writes live-session events as JSON Lines (one object per line, flushed as it happens) from any thread.
final class EventPrinter: @unchecked Sendable {
    private let lock = NSLock()

    func print(_ event: ScanEvent) {
        lock.lock(); defer { lock.unlock() }
        guard let data = try? CardJSON.encoder.encode(event) else { return }
        Terminal.out(String(decoding: data, as: UTF8.self))
    }
}

/// Ctrl-C (and SIGTERM) end a live session cleanly, so `sessionClosed` is still printed and saved cards stay saved.
enum InterruptHandler {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func onInterrupt(_ action: @escaping @Sendable () -> Void) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler(handler: action)
            source.resume()
            sources.append(source)
        }
    }
}

/// If a C library crashes the process in the middle of a live session, the front end still gets its
/// `sessionClosed` (reason "crashed") before the process dies: the line is prepared in advance and written from
/// the signal handler with write(2), the one thing safe to do there. The signal is then delivered as usual.
enum CrashNotice {
    nonisolated(unsafe) private static var line: UnsafeMutableBufferPointer<UInt8>?
    nonisolated(unsafe) private static var descriptor: Int32 = STDOUT_FILENO

    static func install(_ text: String, to fd: Int32) {
        let bytes = Array((text + "\n").utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        line = buffer
        descriptor = fd
        for signalNumber in [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signalNumber in
                if let line = CrashNotice.line { _ = write(CrashNotice.descriptor, line.baseAddress, line.count) }
                signal(signalNumber, SIG_DFL)
                raise(signalNumber)
            }
            sigaction(signalNumber, &action, nil)
        }
    }
}
