import Foundation
import Imaging

extension ScanEngine {
    /// The worker side of isolated scanning: reads one `{"path": …}` per line on stdin, scans it, writes one reply
    /// per line on its reply channel, until stdin closes. A C library that aborts takes only this process down;
    /// the supervisor records the file and the signal and starts another worker.
    ///
    /// The reply channel is the pipe this process was started with as stdout, moved at once to a descriptor of
    /// its own; stdout itself then goes to /dev/null. A C library that prints (to stdout or through `printf`)
    /// can no longer put a line that is not a reply in front of the supervisor — nor a card's text on a screen.
    ///
    /// Test builds only (`TestSwitches`): `CARDSCAN_TEST_WORKER_ABORT_ON=TEXT` aborts on any path containing
    /// TEXT, `_HANG_ON` hangs there, `_JUNK_ON` prints a line of junk on stdout there (as a chatty C library
    /// would), `_BAD_REPLY_ON` answers with a line that is not a reply and then hangs, and `_EXIT_AFTER` exits
    /// right after replying for that path, so the tests can lose or upset a worker in the middle of a batch.
    public static func serveScanRequests(_ settings: WorkerSettings) -> Int32 {
        let replies = dup(STDOUT_FILENO)
        let null = open("/dev/null", O_WRONLY)
        guard replies >= 0, null >= 0, dup2(null, STDOUT_FILENO) >= 0 else {
            FileHandle.standardError.write(Data("cardscan scan-worker: could not set up its reply channel: \(String(cString: strerror(errno)))\n".utf8))
            return 1
        }
        close(null)
        let engine = ScanEngine(options: settings.scanOptions)
        let abortOn = TestSwitches.value("CARDSCAN_TEST_WORKER_ABORT_ON")
        let hangOn = TestSwitches.value("CARDSCAN_TEST_WORKER_HANG_ON")
        let junkOn = TestSwitches.value("CARDSCAN_TEST_WORKER_JUNK_ON")
        let exitAfter = TestSwitches.value("CARDSCAN_TEST_WORKER_EXIT_AFTER")
        let badReplyOn = TestSwitches.value("CARDSCAN_TEST_WORKER_BAD_REPLY_ON")
        let encoder = JSONEncoder()
        func send(_ reply: WorkerReply) -> Bool {
            var data = (try? encoder.encode(reply)) ?? Data("{}".utf8)
            data.append(0x0A)
            return WorkerProcess.writeAll(data, to: replies)
        }
        while let line = readLine(strippingNewline: true) {
            var reply = WorkerReply()
            guard let request = try? JSONDecoder().decode(WorkerRequest.self, from: Data(line.utf8)) else {
                reply.failure = .unreadable(path: "(request)", reason: "the decoder process got a malformed request")
                guard send(reply) else { return 1 }
                continue
            }
            if let abortOn, request.path.contains(abortOn) { abort() }
            if let hangOn, request.path.contains(hangOn) { while true { sleep(60) } }
            if let junkOn, request.path.contains(junkOn) {
                "junk from a decoding library\n".withCString { _ = write(STDOUT_FILENO, $0, strlen($0)) }
            }
            do throws(ImageError) {
                if let pixelsTo = request.pixelsTo {
                    let start = DispatchTime.now()
                    let image = try engine.loader.load(contentsOf: request.path)
                    let loaded = DispatchTime.now()
                    var result = engine.scan(image, source: request.path)
                    result.timings.loadMs = ScanEngine.milliseconds(from: start, to: loaded)
                    if !GrayPixels.write(image, to: pixelsTo) {
                        throw .unreadable(path: request.path, reason: "the decoder process could not hand the picture back")
                    }
                    reply.result = result
                } else {
                    reply.result = try engine.scan(file: request.path)
                }
            } catch { reply.failure = error }
            if let badReplyOn, request.path.contains(badReplyOn) {
                // A line that is not a reply, then silence: the supervisor must kill this worker, not wait on it.
                _ = WorkerProcess.writeAll(Data("not a reply\n".utf8), to: replies)
                while true { sleep(60) }
            }
            if let exitAfter, request.path.contains(exitAfter) {
                // Gone before the next request: closing stdin first makes the supervisor's next write fail (EPIPE).
                close(STDIN_FILENO)
                _ = send(reply)
                exit(0)
            }
            // The supervisor gone (it was killed): nobody is left to read replies.
            guard send(reply) else { return 1 }
        }
        return 0
    }
}
