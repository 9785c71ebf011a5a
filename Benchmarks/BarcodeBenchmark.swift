import CardModel
import Decoding
import Evaluation
import Foundation
import Imaging
import ScanEngine

/// `cardscan-bench barcodes DIR [--runs N] [--jobs N]`: decodes every image of DIR `runs` times on all cores and
/// reports per-image latency, throughput and hits; in the same run times zbarimg over the same files, and zxing-cpp 3
/// alone (`ZXingAlone`: its default options, every format, one thread, each file loaded as cardscan loads it).
struct BarcodeBenchmark {
    var directory: String
    var runs = 5
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var retryEffort = BarcodeOptions().retryEffort

    func run() throws {
        let corpus = try BarcodeCorpus(root: directory)
        let files = corpus.samples.map(\.imagePath)
        guard !files.isEmpty else { throw BenchError("no images with expected content under \(directory)") }
        var options = ScanOptions(jobs: jobs)
        options.barcodes.retryEffort = retryEffort
        options.readsText = false  // barcodes only: OCR has its own suite

        var latencies: [Double] = []
        // Per image, split by whether the photo holds a code (issue 35: a photo with no code should cost no more
        // than twice the median photo with one; retries run to their budget where nothing is found).
        var codelessLatencies: [Double] = [], withCodeLatencies: [Double] = []
        var wallTimes: [Double] = []
        var zbarTimes: [Double] = []
        var tallies: [String: CorpusTally] = [:]
        var zbarTallies: [String: CorpusTally] = [:]
        var zxingTimes: [Double] = [], zxingCodelessMs: [Double] = []
        var zxingTallies: [String: CorpusTally] = [:]
        var decodeErrors: [String] = []

        for runIndex in 0..<runs {
            // Alternate which goes first so neither always meets a warm or a cold file cache.
            var zbarRun: ZbarimgBaseline.Run?
            if ZbarimgBaseline.isInstalled, runIndex % 2 == 1 { zbarRun = try ZbarimgBaseline.run(files) }
            let start = Date()
            ScanEngine.scanFiles(files, options: options) { index, outcome in
                let sample = corpus.samples[index]
                switch outcome {
                case .scanned(let result):
                    let ms = result.timings.loadMs + result.timings.barcodeMs
                    latencies.append(ms)
                    if sample.isFalsePositiveSet { codelessLatencies.append(ms) } else { withCodeLatencies.append(ms) }
                    if runIndex == 0 {
                        let barcodes = result.items.map(Self.barcode(from:))
                        tallies[sample.set, default: CorpusTally()].add(BarcodeCorpus.score(barcodes, sample), file: sample.name)
                    }
                case .failed(_, let error):
                    if runIndex == 0 {
                        decodeErrors.append(error.description)
                        tallies[sample.set, default: CorpusTally()].add(.init(passed: false, misreads: 0), file: sample.name)
                    }
                }
            }
            wallTimes.append(Date().timeIntervalSince(start))
            if ZbarimgBaseline.isInstalled, runIndex % 2 == 0 { zbarRun = try ZbarimgBaseline.run(files) }
            let zxingStart = Date()
            for sample in corpus.samples {
                let fileStart = Date()
                let barcodes = (try? ImageLoader().load(contentsOf: sample.imagePath)).map(ZXingAlone.read) ?? []
                if sample.isFalsePositiveSet { zxingCodelessMs.append(Date().timeIntervalSince(fileStart) * 1000) }
                if runIndex == 0 {
                    zxingTallies[sample.set, default: CorpusTally()].add(BarcodeCorpus.score(barcodes, sample), file: sample.name)
                }
            }
            zxingTimes.append(Date().timeIntervalSince(zxingStart))
            if let zbarRun {
                zbarTimes.append(zbarRun.seconds)
                if zbarTallies.isEmpty {
                    for sample in corpus.samples {
                        let texts = zbarRun.textsByFile[sample.imagePath] ?? []
                        let barcodes = texts.map { Barcode(format: .code128, text: $0, bounds: Quad(x: 0, y: 0, width: 0, height: 0)) }
                        zbarTallies[sample.set, default: CorpusTally()].add(BarcodeCorpus.score(barcodes, sample), file: sample.name)
                    }
                }
            }
        }

        let machine = MachineInfo.current
        print("## Barcodes: \(directory)")
        print("")
        print("\(machine.description); \(runs) runs over \(files.count) images; cardscan with \(jobs) worker(s), "
              + "retry effort \(retryEffort), release build.")
        print("")
        print("| set | images | cardscan | misreads | zbarimg | zbarimg misreads | zxing-cpp 3 | zxing-cpp 3 misreads |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        var total = CorpusTally(), zbarTotal = CorpusTally(), zxingTotal = CorpusTally()
        for set in corpus.sets {
            let t = tallies[set] ?? CorpusTally(), z = zbarTallies[set] ?? CorpusTally(), x = zxingTallies[set] ?? CorpusTally()
            print("| \(set) | \(t.images) | \(t.passed) | \(t.misreads) | \(z.passed) | \(z.misreads) | \(x.passed) | \(x.misreads) |")
            total.images += t.images; total.passed += t.passed; total.misreads += t.misreads
            zbarTotal.passed += z.passed; zbarTotal.misreads += z.misreads
            zxingTotal.passed += x.passed; zxingTotal.misreads += x.misreads
        }
        print("| **total** | \(total.images) | \(total.passed) | \(total.misreads) | \(zbarTotal.passed) | \(zbarTotal.misreads) "
              + "| \(zxingTotal.passed) | \(zxingTotal.misreads) |")
        print("")
        let lat = Summary(latencies), wall = Summary(wallTimes), zbar = Summary(zbarTimes)
        print("| measure | cardscan | zbarimg | ratio (cardscan / zbarimg) |")
        print("|---|---:|---:|---:|")
        print("| whole corpus, median wall time (s) | \(format(wall.median, 3)) | \(format(zbar.median, 3)) | \(format(wall.median / zbar.median, 2)) |")
        print("| whole corpus, p95 wall time (s) | \(format(wall.percentile(95), 3)) | \(format(zbar.percentile(95), 3)) | \(format(wall.percentile(95) / zbar.percentile(95), 2)) |")
        print("| images per second (median run) | \(format(Double(files.count) / wall.median)) | \(format(Double(files.count) / zbar.median)) | |")
        let zxing = Summary(zxingTimes)
        print("")
        print("zxing-cpp 3 alone (one thread, each file loaded and read with its default options): median \(format(zxing.median, 3)) s "
              + "over the corpus (\(format(zxing.median / zbar.median, 2))x zbarimg, which is one thread too).")
        print("")
        print("Per-image latency (load + decode, one worker's view, \(latencies.count) samples): p50 \(format(lat.median)) ms, "
              + "p95 \(format(lat.percentile(95))) ms, max \(format(lat.max)) ms.")
        if !codelessLatencies.isEmpty, !withCodeLatencies.isEmpty {
            let none = Summary(codelessLatencies), some = Summary(withCodeLatencies)
            print("Photos with no code (\(codelessLatencies.count) samples): p50 \(format(none.median)) ms, p95 "
                  + "\(format(none.percentile(95))) ms; photos with a code (\(withCodeLatencies.count)): p50 \(format(some.median)) ms. "
                  + "A codeless photo's median / a coded photo's median: \(format(none.median / some.median, 2)).")
            if let perFile = zbarCodelessMedianMs(files: corpus.samples.filter(\.isFalsePositiveSet).map(\.imagePath)) {
                let zx = Summary(zxingCodelessMs)
                print("Codeless photos, median per photo: cardscan \(format(none.median)) ms, zbarimg \(format(perFile)) ms "
                      + "(the codeless photos in one process, per photo), zxing-cpp 3 alone \(format(zx.median)) ms; cardscan / zbarimg "
                      + "\(format(none.median / perFile, 2)).")
            }
        }
        if !decodeErrors.isEmpty { print("\nFiles that failed to load: \(decodeErrors.joined(separator: "; "))") }
        let misses = corpus.sets.flatMap { set in (tallies[set]?.failedFiles ?? []).map { "\(set)/\($0)" } }
        if !misses.isEmpty { print("\nMissed: \(misses.joined(separator: ", "))") }
        let misread = corpus.sets.flatMap { set in (tallies[set]?.misreadFiles ?? []).map { "\(set)/\($0)" } }
        if !misread.isEmpty { print("\nMisread (a wrong text reported): \(misread.joined(separator: ", "))") }
        let besides = corpus.sets.flatMap { set in (tallies[set]?.besideFiles ?? []).map { "\(set)/\($0)" } }
        print("\nRead, with another text reported beside the expected one (counted as read above): "
              + (besides.isEmpty ? "none" : besides.joined(separator: ", ")))
    }

    /// zbarimg's time a photo over `files`, read in one process as the corpus is (median of `runs` runs); nil without
    /// zbarimg or photos.
    func zbarCodelessMedianMs(files: [String]) -> Double? {
        guard ZbarimgBaseline.isInstalled, !files.isEmpty else { return nil }
        let times = (0..<runs).compactMap { _ in try? ZbarimgBaseline.run(files) }.map { $0.seconds * 1000 / Double(files.count) }
        return times.isEmpty ? nil : Summary(times).median
    }

    static func barcode(from item: RecognizedItem) -> Barcode {
        Barcode(format: item.format ?? .code128, text: item.text,
                bytes: item.bytes.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) },
                isGS1: item.gs1 ?? false, bounds: item.bounds)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
