import CardModel
import Foundation

/// `cardscan-bench import [DIR] [--photos N]`: the clinic-desk job. N distinct photos (DIR's images repeated, each
/// copy made distinct by bytes after its end marker, so none is skipped as already imported) go through
/// `cardscan import --accept auto` (a fresh store, all cores), and through the plain shell loop a user would
/// otherwise write — `zbarimg` then `tesseract` per photo, OMP_THREAD_LIMIT=1 — in the same run.
struct ImportBenchmark {
    var directory = "SampleImages"
    var photos = 500

    func run() throws {
        let fm = FileManager.default
        let sources = try fm.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jpg") }.sorted()
            .map { (directory as NSString).appendingPathComponent($0) }
        guard !sources.isEmpty else { throw BenchError("no JPEG photos in \(directory)") }
        let work = NSTemporaryDirectory() + "cardscan-import-bench-\(getpid())"
        try? fm.removeItem(atPath: work)
        try fm.createDirectory(atPath: work + "/photos", withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: work) }
        for i in 0..<photos {
            var data = try Data(contentsOf: URL(fileURLWithPath: sources[i % sources.count]))
            data.append(contentsOf: Array("copy \(i)".utf8))  // after EOI: the same picture, a different file
            _ = fm.createFile(atPath: String(format: "%@/photos/p%04d.jpg", work, i), contents: data)
        }
        let cardscan = (CommandLine.arguments[0] as NSString).deletingLastPathComponent + "/cardscan"

        let sampler = ProcessMemorySampler(command: "cardscan")
        sampler.start()
        let (ours, oursRSS, summary) = try timed("/bin/sh", ["-c", "\"\(cardscan)\" import \"\(work)/photos\" --accept auto --no-validate --store \"\(work)/store.db\" --report \"\(work)/report.json\" 2>/dev/null"])
        let oursTotal = sampler.stop()
        let loop = "for f in \"\(work)\"/photos/*.jpg; do zbarimg -q \"$f\" >/dev/null 2>&1; tesseract \"$f\" - >/dev/null 2>&1; done"
        let (shell, shellRSS, _) = try timed("/bin/sh", ["-c", loop])
        _ = summary
        let report = (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: work + "/report.json")))) as? [String: Any] ?? [:]
        print("## Import: \(photos) photos (\(sources.count) sample photos repeated)")
        print("")
        print("\(MachineInfo.current.description); release build.")
        print("")
        print("| | wall time (s) | photos/s | peak memory, largest process (MB) | peak memory, all its processes (MB) |")
        print("|---|---:|---:|---:|---:|")
        print("| `cardscan import --accept auto` (supervisor + one worker process per core) | \(format(ours, 1)) | \(format(Double(photos) / ours, 2)) | \(format(oursRSS, 0)) | \(format(oursTotal, 0)) |")
        print("| shell loop: zbarimg + tesseract per photo | \(format(shell, 1)) | \(format(Double(photos) / shell, 2)) | \(format(shellRSS, 0)) | |")
        print("| throughput ratio (cardscan / loop) | \(format(shell / ours, 2))x | | | |")
        print("")
        print("Memory over the run (all cardscan processes, MB, sampled every 0.2 s; flat means it does not grow with the photo count):")
        print("at 10% \(format(sampler.at(0.1), 0)), 25% \(format(sampler.at(0.25), 0)), 50% \(format(sampler.at(0.5), 0)), 75% \(format(sampler.at(0.75), 0)), 100% \(format(sampler.at(1.0), 0)).")
        print("")
        print("cardscan's summary: \(report["imported"] ?? "?") imported, \(report["review"] ?? "?") queued for review, "
              + "\(report["duplicates"] ?? "?") duplicates, \(report["unreadable"] ?? "?") unreadable of \(report["photos"] ?? "?").")
    }

    /// Runs a command under GNU time; returns its wall time, the peak resident memory of its largest process (MB),
    /// and stdout.
    func timed(_ tool: String, _ args: [String]) throws -> (Double, Double, String) {
        let rssFile = NSTemporaryDirectory() + "cardscan-bench-rss-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: rssFile) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        p.arguments = ["-f", "%M", "-o", rssFile, tool] + args
        p.environment = ProcessSettings.current.forWorker(["OMP_THREAD_LIMIT": "1"])
        let out = Pipe()
        p.standardOutput = out
        let start = Date()
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        let kilobytes = (try? String(contentsOfFile: rssFile, encoding: .utf8))
            .flatMap { Double($0.split(separator: "\n").last.map(String.init) ?? "") } ?? .nan
        return (seconds, kilobytes / 1024, String(decoding: data, as: UTF8.self))
    }
}

/// Samples the summed resident memory of every process with a given command name (the supervisor and its
/// workers) every 0.2 s: GNU time reports only the largest single process.
final class ProcessMemorySampler: @unchecked Sendable {
    private let command: String
    private let lock = NSLock()
    private var samples: [Double] = []
    private var running = false
    private let finished = DispatchSemaphore(value: 0)

    init(command: String) { self.command = command }

    func start() {
        running = true
        Thread { [self] in
            while lock.withLock({ running }) {
                let total = Self.residentMegabytes(of: command)
                lock.withLock { samples.append(total) }
                usleep(200_000)
            }
            finished.signal()
        }.start()
    }

    /// Stops and returns the peak.
    func stop() -> Double {
        lock.withLock { running = false }
        finished.wait()
        return lock.withLock { samples.max() ?? .nan }
    }

    /// The sample at a fraction of the run (ignoring idle samples before the first process and after the last).
    func at(_ fraction: Double) -> Double {
        lock.withLock {
            let active = Array(samples.drop { $0 == 0 }.reversed().drop { $0 == 0 }.reversed())
            guard !active.isEmpty else { return .nan }
            let index = min(active.count - 1, Int(Double(active.count - 1) * fraction))
            return active[active.startIndex + index]
        }
    }

    static func residentMegabytes(of command: String) -> Double {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return 0 }
        var kilobytes = 0.0
        for pid in entries where pid.allSatisfy(\.isNumber) {
            guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
                  comm.trimmingCharacters(in: .whitespacesAndNewlines) == command,
                  let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { continue }
            kilobytes += Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return kilobytes / 1024
    }
}
