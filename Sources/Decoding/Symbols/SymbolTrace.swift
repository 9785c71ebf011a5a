import CardModel
import Foundation
import Imaging

/// Symbol location's trace (`Traces.symbols`, `CARDSCAN_TRACE_SYMBOLS=1`): each step on stderr (candidates, why
/// one was dropped), never the content; for tuning the locators on real photos. A value the reader hands to the
/// locators it calls, so what is traced follows the scan's options.
struct SymbolTrace: Sendable {
    let isOn: Bool
    /// With `Traces.symbolImagesFolder` set too, each drawn grid is written there as a PGM file.
    let imagesFolder: String?

    init(_ traces: Traces) {
        isOn = traces.symbols
        imagesFolder = traces.symbols ? traces.symbolImagesFolder : nil
    }

    static let off = SymbolTrace(Traces())

    func note(_ message: @autoclosure () -> String) {
        guard isOn else { return }
        FileHandle.standardError.write(Data("symbols: \(message())\n".utf8))
    }

    /// Time per stage, printed when tracing.
    struct Clock {
        let trace: SymbolTrace
        private var last = Date()
        init(_ trace: SymbolTrace) { self.trace = trace }
        mutating func lap(_ stage: String) {
            guard trace.isOn else { return }
            let now = Date()
            trace.note("\(stage): \(Int(now.timeIntervalSince(last) * 1000)) ms")
            last = now
        }
    }

    func dump(_ image: GrayImage, _ name: String) {
        guard let imagesFolder else { return }
        let header = Array("P5\n\(image.width) \(image.height)\n255\n".utf8)
        _ = FileManager.default.createFile(atPath: "\(imagesFolder)/\(name)-\(getpid())-\(Self.counter.next()).pgm",
                                           contents: Data(header + image.packedPixels), attributes: [.posixPermissions: 0o600])
    }
    private static let counter = Counter()
    private final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()
        func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
    }
}
