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
    /// the batch goes on. Outcomes are delivered in
    /// input order on the calling thread, as `scanFiles` does.
    public static func scanFilesInWorkers(_ paths: [String], options: ScanOptions, worker: WorkerLaunch,
                                          perPhotoTimeout: Double = 120, deliver: (Int, FileOutcome) -> Void) {
        guard !paths.isEmpty else { return }
        let queue = OutcomeQueue(count: paths.count)
        let workers = min(options.jobs, paths.count)
        for _ in 0..<workers {
            let thread = Thread {
                var process: WorkerProcess?
                while let index = queue.nextIndex() {
                    let path = paths[index]
                    if process == nil {
                        do { process = try WorkerProcess(worker) } catch {
                            queue.finish(index, .failed(path: path, error: .unreadable(path: path, reason: "no decoder process could be started: \(error)")))
                            continue
                        }
                    }
                    let outcome = process!.scan(path, timeout: perPhotoTimeout)
                    if case .failed(_, .decoderCrashed) = outcome { process = nil }
                    queue.finish(index, outcome)
                }
                process?.finish()
            }
            thread.start()
        }
        queue.deliverInOrder(deliver)
    }
}

/// One running worker: requests written to its stdin, replies read line by line from its stdout.
final class WorkerProcess {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private var buffered = Data()

    init(_ launch: WorkerLaunch) throws {
        process.executableURL = URL(fileURLWithPath: launch.executable)
        process.arguments = launch.arguments
        // No crash report from a dying worker: the Swift backtracer prints registers and stack bytes, which may
        // hold a health number from the photo being read. The supervisor reports the file and the signal instead.
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// Scans one file; a worker silent for `timeout` seconds is killed (a photo never takes that long: retries
    /// are bounded by work, a few first passes' worth, OCR takes about a second) and reported like a crash.
    func scan(_ path: String, timeout: Double) -> ScanEngine.FileOutcome {
        var request = (try? JSONEncoder().encode(WorkerRequest(path: path))) ?? Data()
        request.append(0x0A)
        // Writing to a worker that has just died raises SIGPIPE; it is ignored process-wide by the CLI, and the
        // missing reply below reports the death.
        input.fileHandleForWriting.write(request)
        guard let line = readLine(timeout: timeout),
              let reply = try? JSONDecoder().decode(WorkerReply.self, from: line) else {
            process.waitUntilExit()
            let signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : 0
            return .failed(path: path, error: .decoderCrashed(path: path, signal: signal))
        }
        if let result = reply.result { return .scanned(result) }
        return .failed(path: path, error: reply.failure ?? .decodeFailed(path: path, format: "unknown"))
    }

    /// The next reply line, or nil when the worker's stdout closed (it exited or died) or it stayed silent for
    /// `timeout` seconds (then it is killed).
    private func readLine(timeout: Double) -> Data? {
        let handle = output.fileHandleForReading
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = buffered[buffered.startIndex..<newline]
                buffered.removeSubrange(buffered.startIndex...newline)
                return Data(line)
            }
            var waiter = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let left = deadline.timeIntervalSinceNow
            guard left > 0, poll(&waiter, 1, Int32(min(left, 3600) * 1000)) > 0 else {
                if left <= 0 || errno != EINTR { kill(process.processIdentifier, SIGKILL); return nil }
                continue
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffered.append(chunk)
        }
    }

    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
