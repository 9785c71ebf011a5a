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
            fm.createFile(atPath: String(format: "%@/photos/p%04d.jpg", work, i), contents: data)
        }
        let cardscan = (CommandLine.arguments[0] as NSString).deletingLastPathComponent + "/cardscan"

        let (ours, oursRSS, summary) = try timed("/bin/sh", ["-c", "\"\(cardscan)\" import \"\(work)/photos\" --accept auto --store \"\(work)/store.db\" --report \"\(work)/report.json\" 2>/dev/null"])
        let loop = "for f in \"\(work)\"/photos/*.jpg; do zbarimg -q \"$f\" >/dev/null 2>&1; tesseract \"$f\" - >/dev/null 2>&1; done"
        let (shell, shellRSS, _) = try timed("/bin/sh", ["-c", loop])
        _ = summary
        let report = (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: work + "/report.json")))) as? [String: Any] ?? [:]
        print("## Import: \(photos) photos (\(sources.count) sample photos repeated)")
        print("")
        print("\(MachineInfo.current.description); release build.")
        print("")
        print("| | wall time (s) | photos/s | peak memory (MB) |")
        print("|---|---:|---:|---:|")
        print("| `cardscan import --accept auto` | \(format(ours, 1)) | \(format(Double(photos) / ours, 2)) | \(format(oursRSS, 0)) |")
        print("| shell loop: zbarimg + tesseract per photo | \(format(shell, 1)) | \(format(Double(photos) / shell, 2)) | \(format(shellRSS, 0)) |")
        print("| throughput ratio (cardscan / loop) | \(format(shell / ours, 2))x | | |")
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
        var env = ProcessInfo.processInfo.environment
        env["OMP_THREAD_LIMIT"] = "1"
        p.environment = env
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
