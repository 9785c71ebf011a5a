import Foundation
import XCTest

/// The LD_PRELOAD camera of Tests/FakeCamera, built once per test run, and a way to run `cardscan` against it
/// that can never hang a test (a watchdog kills the process and the test fails).
enum FakeCamera {
    static let device = "/dev/video-cardscan-fake"

    /// Compiles Tests/FakeCamera/fakecam.c into a shared library in a temporary folder.
    static let library: Result<String, Error> = {
        let source = "\(ScanCommandTests.packageRoot)/Tests/FakeCamera/fakecam.c"
        let output = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-fakecam-\(getpid()).so")
        let cc = Process()
        cc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        cc.arguments = ["clang", "-shared", "-fPIC", "-O2", "-o", output, source, "-llept", "-ldl", "-lpthread"]
        let errors = Pipe()
        cc.standardError = errors
        do { try cc.run() } catch { return .failure(error) }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        cc.waitUntilExit()
        guard cc.terminationStatus == 0 else {
            return .failure(NSError(domain: "FakeCamera", code: Int(cc.terminationStatus), userInfo: [NSLocalizedDescriptionKey: "cc failed: \(message)"]))
        }
        return .success(output)
    }()

    /// A folder holding copies of the given sample images, named so they are shown in this order.
    static func frames(_ samples: [String], in folder: String) throws -> String {
        let dir = (folder as NSString).appendingPathComponent("frames")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (index, sample) in samples.enumerated() {
            try FileManager.default.copyItem(atPath: "\(ScanCommandTests.samples)/\(sample)",
                                             toPath: "\(dir)/\(String(format: "%02d", index))-\(sample)")
        }
        return dir
    }

    /// The environment that makes `device` a camera showing `frames`.
    static func environment(frames: String, _ extra: [String: String] = [:]) throws -> [String: String] {
        let library = try library.get()
        return ["LD_PRELOAD": library, "FAKECAM_DEVICE": device, "FAKECAM_FRAMES": frames].merging(extra) { $1 }
    }

    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
        /// The JSON events printed, in order.
        var events: [[String: Any]] {
            stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        func events(_ kind: String) -> [[String: Any]] { events.filter { $0["event"] as? String == kind } }
    }

    /// Runs the real binary; kills it and fails the test if it runs longer than `limit` seconds.
    static func cardscan(_ arguments: [String], environment: [String: String], limit: Double = 60, expectsCrash: Bool = false,
                         file: StaticString = #filePath, line: UInt = #line) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ScanCommandTests.binary)
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let watchdog = DispatchWorkItem { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
        let errData = Locked(Data())
        let errReader = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        errReader.start()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        watchdog.cancel()
        while errReader.isExecuting || !errReader.isFinished { usleep(1000) }
        let run = Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: errData.value, as: UTF8.self))
        if p.terminationReason == .uncaughtSignal && !(expectsCrash && p.terminationStatus == SIGABRT) {
            XCTFail("cardscan \(arguments.joined(separator: " ")) was killed (signal \(p.terminationStatus)) — a hang or a crash\n\(run.stderr)", file: file, line: line)
        }
        return run
    }
}

/// A value shared between threads of a test.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.lock(); defer { lock.unlock() }; return stored }
    func set(_ value: Value) { lock.lock(); stored = value; lock.unlock() }
    func mutate(_ change: (inout Value) -> Void) { lock.lock(); change(&stored); lock.unlock() }
}
