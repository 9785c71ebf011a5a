import CardModel
import Foundation
import Imaging

/// How to start a worker process: the executable and its arguments (for cardscan: itself, `scan-worker`).
public struct WorkerLaunch: Sendable {
    public var executable: String
    public var arguments: [String]
    public init(executable: String, arguments: [String]) { self.executable = executable; self.arguments = arguments }
}

extension ScanEngine {
    /// `scanFiles`, with every image decoded in a worker process (`options.jobs` of them) supervised from here:
    /// a worker that dies — a C library aborting on a hostile photo — or hangs past `perPhotoTimeout` seconds
    /// costs only the file it was on, reported as `decoderCrashed` with its signal; a new worker takes over and
    /// the batch goes on. A worker found gone before it was given a file (it exited after its last reply) costs
    /// nothing: the file goes to a new worker. Outcomes are delivered in input order on the calling thread, as
    /// `scanFiles` does.
    public static func scanFilesInWorkers(_ paths: [String], options: ScanOptions, worker: WorkerLaunch,
                                          perPhotoTimeout: Double = 120, deliver: (Int, FileOutcome) -> Void) {
        guard !paths.isEmpty else { return }
        // Writing to the pipe of a worker that has died raises SIGPIPE, whose default action ends this process;
        // ignored, the write fails with EPIPE and the worker is replaced.
        signal(SIGPIPE, SIG_IGN)
        let queue = OutcomeQueue(count: paths.count)
        let workers = min(options.jobs, paths.count)
        for _ in 0..<workers {
            let thread = Thread {
                var process: WorkerProcess?
                while let index = queue.nextIndex() {
                    queue.finish(index, WorkerProcess.handOver(paths[index], to: &process, launching: worker, timeout: perPhotoTimeout))
                }
                process?.finish()
            }
            thread.start()
        }
        queue.deliverInOrder(deliver)
    }
}

/// One running worker: requests written to its stdin, replies read line by line from its reply channel (the
/// pipe it was given as stdout, which the worker moves to a descriptor of its own at once; see
/// `serveScanRequests`). Every read and write is checked: a worker can vanish at any moment.
final class WorkerProcess {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private var buffered = Data()

    enum Attempt {
        /// The request could not be written (the worker had already exited): the file is not to blame.
        case notDelivered
        /// The worker died, hung, or answered with something that is not a reply while on this file; it was
        /// killed and reaped.
        case lost(ScanEngine.FileOutcome)
        case done(ScanEngine.FileOutcome)
    }

    init(_ launch: WorkerLaunch) throws {
        process.executableURL = URL(fileURLWithPath: launch.executable)
        process.arguments = launch.arguments
        // No crash report from a dying worker: the Swift backtracer prints registers and stack bytes, which may
        // hold a health number from the photo being read. The supervisor reports the file and the signal instead.
        process.environment = ProcessSettings.current.forWorker(["SWIFT_BACKTRACE": "enable=no"])
        process.standardInput = input
        process.standardOutput = output
        // Process closes our copies of the worker's pipe ends once it has started, so the worker's death shows
        // here as end of file on reads and EPIPE on writes.
        try process.run()
    }

    /// Scans `path` in `process`, starting one from `launch` when there is none. Two tries to hand the file over: the
    /// worker may turn out to be gone already (then it is not the file's fault). A worker lost on the file is dropped
    /// (`process` nil), and the next call starts another.
    static func handOver(_ path: String, to process: inout WorkerProcess?, launching launch: WorkerLaunch, timeout: Double,
                         pixelsTo: String? = nil) -> ScanEngine.FileOutcome {
        for _ in 0..<2 {
            if process == nil {
                do { process = try WorkerProcess(launch) } catch {
                    return .failed(path: path, error: .unreadable(path: path, reason: "no decoder process could be started: \(error)"))
                }
            }
            switch process!.scan(path, timeout: timeout, pixelsTo: pixelsTo) {
            case .notDelivered: process = nil
            case .lost(let failure): process = nil; return failure
            case .done(let done): return done
            }
        }
        return .failed(path: path, error: .unreadable(path: path, reason: "no decoder process would take the file"))
    }

    /// Scans one file; a worker silent for `timeout` seconds is killed (a photo never takes that long: retries
    /// are bounded by work, a few first passes' worth, OCR takes about a second) and reported like a crash.
    func scan(_ path: String, timeout: Double, pixelsTo: String? = nil) -> Attempt {
        var request = (try? JSONEncoder().encode(WorkerRequest(path: path, pixelsTo: pixelsTo))) ?? Data()
        request.append(0x0A)
        guard Self.writeAll(request, to: input.fileHandleForWriting.fileDescriptor) else {
            stop()
            return .notDelivered
        }
        guard let line = readLine(timeout: timeout) else {
            // Killed first (a no-op for a worker that is already dead), so the wait can never block on a live one.
            let signal = stop()
            return .lost(.failed(path: path, error: .decoderCrashed(path: path, signal: signal)))
        }
        guard let reply = try? JSONDecoder().decode(WorkerReply.self, from: line) else {
            stop()
            return .lost(.failed(path: path, error: .unreadable(path: path, reason: "the decoder process sent a malformed reply")))
        }
        if let result = reply.result { return .done(.scanned(result)) }
        return .done(.failed(path: path, error: reply.failure ?? .decodeFailed(path: path, format: "unknown")))
    }

    /// Kills the worker (SIGKILL; nothing happens to one already gone), reaps it, and returns the signal that
    /// ended it (0 when it exited by itself).
    @discardableResult
    private func stop() -> Int32 {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? process.terminationStatus : 0
    }

    /// The next reply line, or nil when the reply channel closed (the worker exited or died) or it stayed
    /// silent for `timeout` seconds.
    private func readLine(timeout: Double) -> Data? {
        let fd = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = buffered[buffered.startIndex..<newline]
                buffered.removeSubrange(buffered.startIndex...newline)
                return Data(line)
            }
            var waiter = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            let ready = poll(&waiter, 1, Int32(min(left, 3600) * 1000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffered.append(contentsOf: chunk[0..<count])
        }
    }

    /// Writes every byte, retrying EINTR; false when the worker's end is gone (EPIPE) or the write fails.
    /// The corresponding C function is `write`.
    static func writeAll(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// No more files: closing its stdin lets the worker end by itself.
    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
