import Foundation
import Imaging

extension ScanEngine {
    /// The worker side of isolated scanning: reads one `{"path": …}` per line on stdin, scans it, writes one reply
    /// per line on stdout, until stdin closes. A C library that aborts takes only this process down; the
    /// supervisor records the file and the signal and starts another worker.
    ///
    /// Test-only: `CARDSCAN_TEST_WORKER_ABORT_ON=TEXT` makes the worker abort() on any path containing TEXT, and
    /// `CARDSCAN_TEST_WORKER_HANG_ON=TEXT` makes it hang there, so the tests can lose a worker in the middle of a
    /// batch (never set them otherwise).
    public static func serveScanRequests(_ settings: WorkerSettings) -> Int32 {
        let engine = ScanEngine(options: settings.scanOptions)
        let environment = ProcessInfo.processInfo.environment
        let abortOn = environment["CARDSCAN_TEST_WORKER_ABORT_ON"].flatMap { $0.isEmpty ? nil : $0 }
        let hangOn = environment["CARDSCAN_TEST_WORKER_HANG_ON"].flatMap { $0.isEmpty ? nil : $0 }
        let encoder = JSONEncoder()
        while let line = readLine(strippingNewline: true) {
            var reply = WorkerReply()
            guard let request = try? JSONDecoder().decode(WorkerRequest.self, from: Data(line.utf8)) else {
                reply.failure = .unreadable(path: "(request)", reason: "the decoder process got a malformed request")
                FileHandle.standardOutput.write((try? encoder.encode(reply)).map { $0 + [0x0A] } ?? Data("{}\n".utf8))
                continue
            }
            if let abortOn, request.path.contains(abortOn) { abort() }
            if let hangOn, request.path.contains(hangOn) { while true { sleep(60) } }
            do throws(ImageError) { reply.result = try engine.scan(file: request.path) } catch { reply.failure = error }
            var data = (try? encoder.encode(reply)) ?? Data("{}".utf8)
            data.append(0x0A)
            FileHandle.standardOutput.write(data)
        }
        return 0
    }
}
