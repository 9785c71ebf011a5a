import Capture
import CardModel
import Foundation
import Imaging
import ScanEngine

/// `cardscan-bench live [DIR] [--cards N] [--frames-per-card N] [--runs N]`: the live session fed frames as fast
/// as it takes them (each frame handed over the moment the previous one is decoded), cards shown in turn, at
/// 640x480 and 1280x720, with OCR running alongside on the other thread. Reports the barcode path's frames per
/// second, frame-to-suggestion latency for barcode- and OCR-based suggestions, and peak memory.
struct LiveBenchmark {
    var directory = "SampleImages"
    var cards = 12
    var framesPerCard = 90
    var runs = 3
    /// The simulated camera's frame rate: above what the decoder sustains, so the decoder is the limit.
    var cameraRate = 150.0

    func run() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".jpg") && !$0.hasPrefix("distractor") }.sorted()
        guard !files.isEmpty else { throw BenchError("no card photos in \(directory)") }
        // A spread over the kinds of card (NHS, wristbands, Jersey, Guernsey, loyalty).
        let step = max(1, files.count / cards)
        let chosen = stride(from: 0, to: files.count, by: step).prefix(cards).map { (directory as NSString).appendingPathComponent(files[$0]) }
        let loader = ImageLoader()

        print("## Live session: \(chosen.count) cards × \(framesPerCard) frames, \(runs) runs per size")
        print("")
        print("\(MachineInfo.current.description); release build; a simulated camera at \(Int(cameraRate)) fps (faster than the decoder: the")
        print("newest frame wins, the rest are dropped), so frames decoded per second is what the barcode path sustains.")
        print("OCR runs on its own thread on sharp, still frames. Latency is from a frame's capture to the suggestion it gave.")
        print("")
        print("| frame size | barcode threads | barcode path fps (median / min of runs) | barcode suggestion p50 / p95 (ms) | text suggestion p50 / p95 (ms) | barcode+text p50 / p95 (ms) | card shown → first suggestion p50 / p95 (ms) | OCR runs | dropped |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for size in [FrameSize(width: 640, height: 480), FrameSize(width: 1280, height: 720)] {
            let frames = try chosen.map { try Self.letterboxed(loader.load(contentsOf: $0), into: size) }
            for threads in [1, 2] {
                var outcomes: [Outcome] = []
                for _ in 0..<runs { outcomes.append(measure(frames, barcodeThreads: threads)) }
                let fps = Summary(outcomes.map(\.fps))
                func cell(_ values: [Double], _ digits: Int) -> String {
                    let s = Summary(values)
                    return values.isEmpty ? "–" : "\(format(s.median, digits)) / \(format(s.percentile(95), digits))"
                }
                print("| \(size) | \(threads) | \(format(fps.median)) / \(format(fps.percentile(0))) "
                      + "| \(cell(outcomes.flatMap(\.barcodeLatency), 1)) | \(cell(outcomes.flatMap(\.textLatency), 0)) "
                      + "| \(cell(outcomes.flatMap(\.mixedLatency), 0)) | \(cell(outcomes.flatMap(\.firstSuggestion), 0)) "
                      + "| \(outcomes.map(\.ocrRuns).reduce(0, +) / runs) | \(outcomes.map(\.dropped).reduce(0, +)) |")
            }
        }
        print("")
        print("Peak memory (resident, whole process incl. the frames held in memory): \(Self.peakMegabytes()) MB.")
        print("")
    }

    struct Outcome {
        var fps = 0.0
        /// Suggestions made from barcodes only, from text only, and from both (emitted when the text came).
        var barcodeLatency: [Double] = [], textLatency: [Double] = [], mixedLatency: [Double] = [], firstSuggestion: [Double] = []
        var ocrRuns = 0, suggestions = 0, dropped = 0
    }

    private func measure(_ cardFrames: [GrayImage], barcodeThreads: Int) -> Outcome {
        let source = PacedFrames(cards: cardFrames, framesPerCard: framesPerCard, rate: cameraRate)
        let collected = Collected()
        var options = SessionOptions.camera()
        options.barcodeThreads = barcodeThreads
        let session = LiveSession(source: source, options: options) { event in collected.add(event) }
        let start = Date()
        session.start()
        session.waitUntilClosed()
        let elapsed = Date().timeIntervalSince(start)
        var outcome = Outcome()
        let events = collected.events
        let statistics = events.last { $0.event == .sessionClosed }?.statistics
        outcome.fps = Double(statistics?.decoded ?? 0) / elapsed
        outcome.ocrRuns = statistics?.ocrRuns ?? 0
        outcome.dropped = statistics?.dropped ?? 0
        var firstPerCard: [Int: Double] = [:]
        for event in events where event.event == .suggestion {
            guard let suggestion = event.suggestion, let latency = event.latencyMs, let frame = event.frame else { continue }
            outcome.suggestions += 1
            let fromBarcode = suggestion.from.contains { $0.hasPrefix("b") }, fromText = suggestion.from.contains { $0.hasPrefix("t") }
            if fromBarcode && fromText { outcome.mixedLatency.append(latency) }
            else if fromBarcode { outcome.barcodeLatency.append(latency) }
            else { outcome.textLatency.append(latency) }
            let card = frame / framesPerCard
            if firstPerCard[card] == nil, let shown = source.firstShown[card] {
                firstPerCard[card] = (event.time - shown) * 1000
            }
        }
        outcome.firstSuggestion = Array(firstPerCard.values)
        return outcome
    }

    /// The photo scaled to fit `size` on a grey background, as a webcam would frame a card held up to it.
    static func letterboxed(_ image: GrayImage, into size: FrameSize) throws -> GrayImage {
        let scale = min(Double(size.width) / Double(image.width), Double(size.height) / Double(image.height))
        let scaled = image.scaled(by: scale)
        var frame = GrayImage(width: size.width, height: size.height, filledWith: 96)
        let x0 = (size.width - scaled.width) / 2, y0 = (size.height - scaled.height) / 2
        for y in 0..<min(scaled.height, size.height) {
            for x in 0..<min(scaled.width, size.width) { frame[x0 + x, y0 + y] = scaled[x, y] }
        }
        return frame
    }

    static func peakMegabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }
}

/// Events gathered from the session's threads.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [ScanEvent] = []
    func add(_ event: ScanEvent) { lock.lock(); stored.append(event); lock.unlock() }
    var events: [ScanEvent] { lock.lock(); defer { lock.unlock() }; return stored }
}

/// Frames in memory delivered like a camera running at `rate` frames per second: faster than the barcode path, so
/// what it decodes per second is the rate it sustains (the frames it could not take are dropped, newest wins).
private final class PacedFrames: FrameSource, @unchecked Sendable {
    let name = "memory"
    let isLive = true
    private let cards: [GrayImage]
    private let framesPerCard: Int
    private var delivered = 0
    /// Seconds since the session started when each card's first frame was handed out (session clock ≈ ours).
    private(set) var firstShown: [Int: Double] = [:]
    private let started = Date()

    let rate: Double

    init(cards: [GrayImage], framesPerCard: Int, rate: Double) {
        self.cards = cards; self.framesPerCard = framesPerCard; self.rate = rate
    }

    func open() throws(CaptureError) -> StreamDescription {
        StreamDescription(source: name, format: "GREY", width: cards.first?.width, height: cards.first?.height)
    }

    func nextFrame(timeout: Double) throws(CaptureError) -> FrameWait {
        guard delivered < cards.count * framesPerCard else { return .ended }
        // A camera faster than any decoder: a frame every 1/rate s, newest wins, as with a real device.
        let due = started.addingTimeInterval(Double(delivered) / rate)
        let wait = due.timeIntervalSinceNow
        if wait > 0 { usleep(useconds_t(wait * 1e6)) }
        let card = delivered / framesPerCard
        if firstShown[card] == nil { firstShown[card] = Date().timeIntervalSince(started) }
        defer { delivered += 1 }
        return .frame(Frame(image: cards[card], index: delivered, source: name))
    }

    func close() {}
}
