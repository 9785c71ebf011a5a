import Foundation
import Imaging

extension ScanEngine {
    /// The worker side of isolated scanning: reads one `{"path": …}` per line on stdin, scans it, writes one reply
    /// per line on stdout, until stdin closes. A C library that aborts takes only this process down; the
    /// supervisor records the file and the signal and starts another worker.
    ///
    /// Test-only: `CARDSCAN_TEST_WORKER_ABORT_ON=TEXT` makes the worker abort() on any path containing TEXT, so
    /// the tests can kill a worker in the middle of a batch (never set it otherwise).
    public static func serveScanRequests(_ settings: WorkerSettings) -> Int32 {
        let engine = ScanEngine(options: settings.scanOptions)
        let abortOn = ProcessInfo.processInfo.environment["CARDSCAN_TEST_WORKER_ABORT_ON"].flatMap { $0.isEmpty ? nil : $0 }
        let encoder = JSONEncoder()
        while let line = readLine(strippingNewline: true) {
            guard let request = try? JSONDecoder().decode(WorkerRequest.self, from: Data(line.utf8)) else { continue }
            if let abortOn, request.path.contains(abortOn) { abort() }
            var reply = WorkerReply()
            do throws(ImageError) { reply.result = try engine.scan(file: request.path) } catch { reply.failure = error }
            var data = (try? encoder.encode(reply)) ?? Data("{}".utf8)
            data.append(0x0A)
            FileHandle.standardOutput.write(data)
        }
        return 0
    }
}
