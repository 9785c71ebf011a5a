import Foundation
import ScanEngine

// cardscan-bench: latency and accuracy per stage, against the tools a user would otherwise pick, in the same run.
OpenMPSetup.restartWithOneThreadPerEngineIfNeeded()

let usage = """
    usage: cardscan-bench barcodes DIR [--runs N] [--jobs N] [--retry-effort N]
      barcodes    decode every image of DIR (zxing-cpp test-sample layout) N times; compare with zbarimg
    usage: cardscan-bench ocr [DIR] [--runs N]
      ocr         card photos with ground truth (default SampleImages): end-to-end latency per card and ID
                  numbers found, against the tesseract CLI in the same run
    usage: cardscan-bench import [DIR] [--photos N]
      import      N distinct card photos through `cardscan import` and through a zbarimg + tesseract shell loop
    usage: cardscan-bench live [DIR] [--cards N] [--frames-per-card N] [--runs N]
      live        the live session fed frames as fast as it takes them, at 640x480 and 1280x720: barcode-path fps,
                  frame-to-suggestion latency (barcode and OCR), peak memory
    usage: cardscan-bench frame-cost [DIR]
      frame-cost  one live frame's barcode cost by reader and format group, at 640x480 and 1280x720
    usage: cardscan-bench variants [DIR]
      variants    a card-photo set with ground truth (default ../shared/corpus/cards-dev) remade five ways (turned
                  over, 60% size, dim and noisy, JPEG quality 20, tilted 9° more): per-field recall of each
    usage: cardscan-bench score RESULTS... [--markdown FILE]
      score       each `cardscan scan --json` run (RESULTS, JSON Lines) over a card-photo set scored against the ground
                  truth beside each photo: per-field hits and misses, wrong valid values, confidence bands (a run
                  over receipts-dev: its key fields); --markdown FILE writes the sets' table into FILE's marked block
    usage: cardscan-bench replay IN OUT
      replay      a `cardscan scan --json` run's items (IN, JSON Lines) built into suggestions again, without OCR;
                  OUT holds the same lines with the new suggestions (extraction changes measured in seconds)
    """

var args = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
    defer { args.removeSubrange(i...(i + 1)) }
    return args[i + 1]
}

/// Stops with `message` and the usage on stderr (exit 64, a usage error).
@MainActor func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("cardscan-bench: \(message)\n\(usage)\n".utf8))
    exit(64)
}

/// What is left of the arguments once a suite has taken its options: at most `most` folders or files, each present.
/// An option the suite does not know, or a folder that is not there, is named in one line (it used to surface as
/// Foundation's "The file doesn't exist" error about `--help`).
@MainActor func paths(atMost most: Int) -> [String] {
    if let unknown = args.first(where: { $0.hasPrefix("-") }) { usageError("unknown option '\(unknown)'") }
    if args.count > most { usageError("too many arguments: \(args.joined(separator: " "))") }
    for path in args where !FileManager.default.fileExists(atPath: path) { usageError("no such folder or file: \(path)") }
    return args
}

/// The value given after option `name`, as a number of at least `least`; nil when the option is absent. Anything
/// else stops with the usage (`--runs x` used to be ignored, and the default taken without a word).
@MainActor func number<N: LosslessStringConvertible & Comparable & ExpressibleByIntegerLiteral>(_ name: String, as _: N.Type,
                                                                                               least: N = 1) -> N? {
    guard let text = option(name) else {
        if args.last == name { usageError("\(name) needs a value") }
        return nil
    }
    guard let value = N(text), value >= least else { usageError("\(name) needs a number of at least \(least), not '\(text)'") }
    return value
}

if args.contains("--help") || args.contains("-h") { print(usage); exit(0) }

do {
    guard let suite = args.first else { print(usage); exit(64) }
    args.removeFirst()
    switch suite {
    case "barcodes":
        var bench = BarcodeBenchmark(directory: "../shared/corpus/barcodes")
        if let runs = number("--runs", as: Int.self) { bench.runs = runs }
        if let jobs = number("--jobs", as: Int.self) { bench.jobs = jobs }
        if let effort = number("--retry-effort", as: Double.self, least: 0) { bench.retryEffort = effort }
        if let dir = paths(atMost: 1).first { bench.directory = dir }
        try bench.run()
    case "import":
        var bench = ImportBenchmark()
        if let n = number("--photos", as: Int.self) { bench.photos = n }
        if let dir = paths(atMost: 1).first { bench.directory = dir }
        try bench.run()
    case "frame-cost": try FrameCostProbe.run(paths(atMost: 1).first ?? "SampleImages")
    case "variants":
        var probe = VariantsProbe()
        if let dir = paths(atMost: 1).first { probe.directory = dir }
        try probe.run()
    case "live":
        var bench = LiveBenchmark()
        if let runs = number("--runs", as: Int.self) { bench.runs = runs }
        if let n = number("--cards", as: Int.self) { bench.cards = n }
        if let n = number("--frames-per-card", as: Int.self) { bench.framesPerCard = n }
        if let dir = paths(atMost: 1).first { bench.directory = dir }
        try bench.run()
    case "score":
        let markdown = option("--markdown")
        let results = paths(atMost: 8)
        guard !results.isEmpty else { usageError("score needs a results file") }
        try ScoreCommand(results: results, markdown: markdown).run()
    case "replay":
        guard args.count == 2 else { print(usage); exit(64) }
        try ReplayCommand(input: args[0], output: args[1]).run()
    case "ocr":
        var bench = OCRBenchmark()
        if let runs = number("--runs", as: Int.self) { bench.runs = runs }
        if let dir = paths(atMost: 1).first { bench.directory = dir }
        try bench.run()
    default:
        FileHandle.standardError.write(Data("unknown suite '\(suite)'\n\(usage)\n".utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("cardscan-bench: \(error)\n".utf8))
    exit(1)
}
