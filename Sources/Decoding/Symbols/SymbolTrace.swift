import Foundation
import Imaging

/// `CARDSCAN_TRACE_SYMBOLS=1` prints each step of symbol location on stderr (candidates, why one was dropped),
/// never the content: for tuning the locators on real photos.
enum SymbolTrace {
    static let isOn = ProcessInfo.processInfo.environment["CARDSCAN_TRACE_SYMBOLS"] == "1"

    static func note(_ message: @autoclosure () -> String) {
        guard isOn else { return }
        FileHandle.standardError.write(Data("symbols: \(message())\n".utf8))
    }

    /// Time per stage, printed when tracing.
    struct Clock {
        private var last = Date()
        mutating func lap(_ stage: String) {
            guard SymbolTrace.isOn else { return }
            let now = Date()
            note("\(stage): \(Int(now.timeIntervalSince(last) * 1000)) ms")
            last = now
        }
    }

    /// With `CARDSCAN_TRACE_SYMBOLS_DIR` set too, each drawn grid is written there as a PGM file.
    static func dump(_ image: GrayImage, _ name: String) {
        guard isOn, let dir = ProcessInfo.processInfo.environment["CARDSCAN_TRACE_SYMBOLS_DIR"] else { return }
        let header = Array("P5\n\(image.width) \(image.height)\n255\n".utf8)
        _ = FileManager.default.createFile(atPath: "\(dir)/\(name)-\(getpid())-\(counter.next()).pgm",
                                       contents: Data(header + image.packedPixels))
    }
    private static let counter = Counter()
    private final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()
        func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
    }
}
