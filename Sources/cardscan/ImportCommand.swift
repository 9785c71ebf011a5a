import Capture
import CardModel
import CardStore
import Foundation
import Imaging
import Recognition
import ScanEngine

/// `cardscan import`: a folder of card photos into the store, on every core, safe to interrupt and rerun.
enum ImportCommand: Command {
    static let readsText = true
    static let name = "import"
    static let abstract = "import a batch of card photos: save the sure ones, queue the rest for review"
    static let usage = """
        usage: cardscan import PATH... [--region R] [--jobs N] [--accept auto|review] [--no-validate] [--report FILE]
                               [--store PATH] [--in-process] [--photo-timeout SECONDS]

        Scans every image (files and folders, recursively). With --accept auto a photo's top suggestion is saved
        when it validated, no reading of it disagreed and its confidence is at least \(Int(autoAcceptConfidence * 100))%; otherwise, and always with
        --accept review (the default), the photo waits in the review queue (`cardscan review`). An NHS number in the
        test range (999 xxx xxxx) is never issued to a patient: it waits for review too, unless --no-validate
        (which keeps test numbers, as the project's synthetic samples need). A photo already
        imported (same content) is skipped, so an interrupted import finishes when run again. A summary always ends
        the run; --report FILE writes it as JSON with one entry per photo.

        Photos are decoded in worker processes (one per job): a photo that crashes a decoding library is reported
        as unreadable (decoderCrashed, with the signal) and the import goes on; so is one a worker spends longer
        on than --photo-timeout (default 120 s). --in-process decodes here instead.
        """

    /// The confidence a valid suggestion needs to be saved without a person (a barcode read, or printed text
    /// that validated with a check digit, scores above it; a repaired or unlabelled reading does not).
    static let autoAcceptConfidence = 0.9

    struct PhotoReport: Codable {
        var source: String
        var outcome: String  // imported, review, duplicate, unreadable
        var card: String?
        var reason: String?
    }

    static func run(_ arguments: [String]) -> Int32 {
        let args: ArgumentList
        do {
            args = try ArgumentList(arguments, flagNames: ["--in-process", "--no-validate"], valueNames: ["--region", "--jobs", "--accept", "--report", "--store", "--photo-timeout"])
        } catch { return Terminal.usageError(error.description, usage: usage) }
        let accept = args.value("--accept") ?? "review"
        guard ["auto", "review"].contains(accept) else { return Terminal.usageError("--accept is auto or review", usage: usage) }
        guard !args.positional.isEmpty else { return Terminal.usageError("no PATH given", usage: usage) }
        var options = ScanOptions()
        options.traces = Terminal.traces
        do { if let seconds = try args.photoTimeout() { options.photoTimeout = seconds } }
        catch { return Terminal.usageError(error.description, usage: usage) }
        if let jobs = args.value("--jobs") {
            guard let n = Int(jobs), n >= 1 else { return Terminal.usageError("--jobs needs a whole number ≥ 1", usage: usage) }
            options.jobs = n
        }
        do { options.region = try RegionResolver().resolve(option: args.value("--region"), settings: .current) }
        catch { return Terminal.usageError(error.description, usage: usage) }
        let store: CardStore
        do throws(StoreError) { store = try StoreAccess.open(args.value("--store")) } catch {
            Terminal.err("cardscan: \(error)")
            return ExitStatus.failure
        }

        let start = Date()
        let all = ImageFileWalker.expand(args.positional)
        // Already-imported photos are skipped before any decoding.
        var duplicates: [PhotoReport] = [], pending: [(path: String, hash: String)] = []
        for path in all {
            guard let hash = ContentHash.of(file: path) else { pending.append((path, "unreadable:\(path)")); continue }
            if let record = try? store.importRecord(hash: hash), record.status != .unreadable {
                duplicates.append(PhotoReport(source: path, outcome: "duplicate", card: nil, reason: "imported before (\(record.status.rawValue))"))
            } else {
                pending.append((path, hash))
            }
        }
        let progress = Progress(total: pending.count)
        var reports = duplicates
        var storeFailed = false
        IsolatedScanning.scanFiles(pending.map(\.path), options: options, inProcess: args.has("--in-process")) { index, outcome in
            let (path, hash) = pending[index]
            var report: PhotoReport
            switch outcome {
            case .failed(_, let error):
                report = PhotoReport(source: path, outcome: "unreadable", card: nil, reason: error.description)
                if !hash.hasPrefix("unreadable:") {
                    try? store.recordImport(hash: hash, path: path, status: .unreadable, card: nil, suggestions: [], reason: error.code)
                }
            case .scanned(let result):
                Terminal.trace(result.traceLine)
                let top = result.suggestions.first { $0.card != nil }
                // An NHS number no second reading confirmed (`unconfirmed`) waits for a person, whatever its confidence.
                let sure = accept == "auto" && top.map {
                    $0.valid && $0.confidence >= autoAcceptConfidence && !$0.checks.contains("unconfirmed")
                } == true
                let refusal = args.has("--no-validate") ? nil : top.flatMap(CardValidation.refusal(saving:))
                do throws(StoreError) {
                    if sure, refusal == nil, let top, let candidate = top.card {
                        let card = IDCard(candidate: candidate)
                        try store.recordImport(hash: hash, path: path, status: .imported, card: card, suggestions: [top], reason: nil)
                        report = PhotoReport(source: path, outcome: "imported", card: candidate.name, reason: nil)
                    } else {
                        let why: String
                        if top == nil { why = "no card suggestion" }
                        else if accept == "review" { why = "review requested" }
                        else if sure, let refusal { why = refusal.description }  // `review accept --no-validate` keeps it
                        else { why = "not sure enough to save" }
                        try store.recordImport(hash: hash, path: path, status: .review, card: nil,
                                               suggestions: result.suggestions.filter { $0.card != nil }, reason: why)
                        report = PhotoReport(source: path, outcome: "review", card: top?.card?.name, reason: why)
                    }
                } catch {
                    storeFailed = true
                    report = PhotoReport(source: path, outcome: "unreadable", card: nil, reason: error.description)
                }
            }
            reports.append(report)
            progress.step(report)
        }
        progress.finish()

        let seconds = Date().timeIntervalSince(start)
        func count(_ o: String) -> Int { reports.filter { $0.outcome == o }.count }
        Terminal.err("""
            \(all.count) photo(s) in \(String(format: "%.1f", seconds)) s: \(count("imported")) imported, \
            \(count("review")) queued for review, \(count("duplicate")) already imported, \(count("unreadable")) unreadable
            """)
        for r in reports where r.outcome == "unreadable" { Terminal.err("  \(r.reason ?? r.source)") }
        if let file = args.value("--report") {
            let e = JSONEncoder()
            e.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            struct Summary: Codable { var photos, imported, review, duplicates, unreadable: Int; var seconds: Double; var perPhoto: [PhotoReport] }
            let summary = Summary(photos: all.count, imported: count("imported"), review: count("review"), duplicates: count("duplicate"),
                                  unreadable: count("unreadable"), seconds: (seconds * 100).rounded() / 100, perPhoto: reports)
            guard let data = try? e.encode(summary),
                  FileManager.default.createFile(atPath: file, contents: data, attributes: [.posixPermissions: 0o600]) else {
                Terminal.err("cardscan: \(file): could not write the report")
                return ExitStatus.failure
            }
        }
        if storeFailed { return ExitStatus.failure }
        return count("unreadable") > 0 ? ExitStatus.someInputsFailed : ExitStatus.success
    }

    /// A progress bar on a terminal; one line per photo otherwise (no values: paths and outcomes only).
    final class Progress {
        let total: Int
        let start = Date()
        var done = 0
        let tty = isatty(STDERR_FILENO) == 1
        init(total: Int) { self.total = total }

        func step(_ report: PhotoReport) {
            done += 1
            guard tty else { return Terminal.err("\(report.outcome): \(report.source)") }
            let rate = Double(done) / max(0.001, Date().timeIntervalSince(start))
            let left = Double(total - done) / max(rate, 0.001)
            let width = 30, filled = total == 0 ? width : width * done / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            Terminal.write(String(format: "\r%@ %d/%d  %.1f photos/s  %.0f s left ", bar, done, total, rate, left), to: STDERR_FILENO)
        }

        func finish() { if tty && total > 0 { Terminal.write("\n", to: STDERR_FILENO) } }
    }
}
