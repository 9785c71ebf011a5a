import CardModel
import Foundation
import Imaging

extension ScanEngine {
    /// The outcome for one file: its result, or why it could not be scanned.
    public enum FileOutcome: Sendable {
        case scanned(ScanResult)
        case failed(path: String, error: ImageError)
    }

    /// Scans `paths` on `options.jobs` worker threads, one engine each, and hands every outcome to `deliver` on
    /// the calling thread in input order, each as soon as it and all before it are done (so output streams while
    /// it stays stable). One bad file never stops the rest.
    ///
    /// Returns only when every worker has let go of its engine: a caller that returns from `main` while a worker
    /// is still freeing tesseract or the inference runtime lets `exit` unload those libraries under it (a
    /// segmentation fault after the last photo was imported, seen on CI).
    public static func scanFiles(_ paths: [String], options: ScanOptions, deliver: (Int, FileOutcome) -> Void) {
        guard !paths.isEmpty else { return }
        let queue = OutcomeQueue(count: paths.count)
        let workers = min(options.jobs, paths.count)
        var perWorker = options
        if workers >= ProcessInfo.processInfo.activeProcessorCount { perWorker.parallelStages = false }
        let finished = DispatchGroup()
        for _ in 0..<workers {
            finished.enter()
            let thread = Thread { [perWorker] in
                scanUntilEmpty(queue, paths: paths, options: perWorker)
                finished.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        queue.deliverInOrder(deliver)
        finished.wait()
    }

    /// One worker: its own engine, files taken from `queue` until none is left; the engine is freed on return.
    private static func scanUntilEmpty(_ queue: OutcomeQueue, paths: [String], options: ScanOptions) {
        let engine = ScanEngine(options: options)
        while let index = queue.nextIndex() {
            let path = paths[index]
            let outcome: FileOutcome
            do throws(ImageError) { outcome = .scanned(try engine.scan(file: path)) } catch { outcome = .failed(path: path, error: error) }
            queue.finish(index, outcome)
        }
    }
}

/// Work handed out by index; finished outcomes collected until they can be delivered in order.
final class OutcomeQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var handedOut = 0
    private let count: Int
    private var done: [Int: ScanEngine.FileOutcome] = [:]

    init(count: Int) { self.count = count }

    func nextIndex() -> Int? {
        condition.lock(); defer { condition.unlock() }
        guard handedOut < count else { return nil }
        handedOut += 1
        return handedOut - 1
    }

    func finish(_ index: Int, _ outcome: ScanEngine.FileOutcome) {
        condition.lock()
        done[index] = outcome
        condition.signal()
        condition.unlock()
    }

    /// Hands every outcome to `deliver`, in index order, as soon as it and all before it are done.
    func deliverInOrder(_ deliver: (Int, ScanEngine.FileOutcome) -> Void) {
        var next = 0
        while next < count {
            for outcome in waitForReady(from: next) {
                deliver(next, outcome)
                next += 1
            }
        }
    }

    /// Blocks until the outcome at `index` is ready, then returns it and every consecutive ready one after it.
    func waitForReady(from index: Int) -> [ScanEngine.FileOutcome] {
        condition.lock(); defer { condition.unlock() }
        while done[index] == nil { condition.wait() }
        var ready: [ScanEngine.FileOutcome] = []
        var i = index
        while let outcome = done.removeValue(forKey: i) { ready.append(outcome); i += 1 }
        return ready
    }
}
