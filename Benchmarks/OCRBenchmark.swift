import CardModel
import Foundation
import ScanEngine

/// `cardscan-bench ocr DIR [--runs N]`: end-to-end latency per card (load, barcodes, OCR with orientation
/// recovery, suggestions) one card at a time, as a person scanning a card waits for it; in the same run the
/// `tesseract` CLI over the same images (OMP_THREAD_LIMIT=1, its fastest setting here), and how often each finds
/// the printed ID numbers (NHS, JY, GY) of the ground truth beside each image.
struct OCRBenchmark {
    var directory = "SampleImages"
    var runs = 3

    static let idFields: [SuggestionKind] = [.nhsNumber, .jerseySocialSecurity, .guernseySocialSecurity]

    func run() throws {
        let fm = FileManager.default
        let files = try fm.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.sorted()
            .map { (directory as NSString).appendingPathComponent($0) }
        guard !files.isEmpty else { throw BenchError("no images in \(directory)") }
        let engine = ScanEngine(options: ScanOptions(jobs: 1))
        if let problem = engine.textProblem { throw BenchError("OCR unavailable: \(problem)") }

        var ours: [Double] = [], oursOCR: [Double] = [], detector: [Double] = [], cli: [Double] = []
        var ourHits = 0, cliHits = 0, idTotal = 0, turnedTotal = 0, ourTurnedHits = 0, cliTurnedHits = 0
        for (index, file) in files.enumerated() {
            let truth = Self.truth(for: file)
            let ids = Self.idFields.compactMap { truth.fields[$0.rawValue] }
            var result: ScanResult?
            for _ in 0..<runs {
                let start = Date()
                result = try? engine.scan(file: file)
                ours.append(Date().timeIntervalSince(start) * 1000)
                if let ms = result?.timings.ocrMs { oursOCR.append(ms) }
                if let ms = result?.timings.detectorMs { detector.append(ms) }
            }
            var cliText = ""
            for _ in 0..<runs {
                let start = Date()
                cliText = try Self.tesseractCLI(file)
                cli.append(Date().timeIntervalSince(start) * 1000)
            }
            let compactCLI = cliText.uppercased().filter { $0.isLetter || $0.isNumber }
            for id in ids {
                idTotal += 1
                let found = result?.suggestions.contains { $0.valid && $0.value == id } ?? false
                let inCLI = compactCLI.contains(id)
                ourHits += found ? 1 : 0
                cliHits += inCLI ? 1 : 0
                if truth.turned >= 90 || truth.exif {
                    turnedTotal += 1; ourTurnedHits += found ? 1 : 0; cliTurnedHits += inCLI ? 1 : 0
                }
            }
            if (index + 1) % 10 == 0 { FileHandle.standardError.write(Data("  \(index + 1)/\(files.count)\n".utf8)) }
        }
        let o = Summary(ours), ocr = Summary(oursOCR), c = Summary(cli)
        print("## OCR: \(directory)")
        print("")
        print("\(MachineInfo.current.description); \(files.count) card photos, \(runs) runs each, one card at a time; release build.")
        print("")
        print("| per card (ms) | p50 | p95 | max |")
        print("|---|---:|---:|---:|")
        print("| cardscan end to end (load, barcodes ‖ OCR, suggestions) | \(format(o.median, 0)) | \(format(o.percentile(95), 0)) | \(format(o.max, 0)) |")
        print("| cardscan OCR stage (detector, readers, second readings) | \(format(ocr.median, 0)) | \(format(ocr.percentile(95), 0)) | \(format(ocr.max, 0)) |")
        if !detector.isEmpty {
            let d = Summary(detector)
            print("| of which the text-line detector's network (OpenVINO) | \(format(d.median, 0)) | \(format(d.percentile(95), 0)) | \(format(d.max, 0)) |")
        } else {
            print("| (no text-line detector: its model is missing, text found by layout analysis alone) | | | |")
        }
        print("| tesseract CLI (OMP_THREAD_LIMIT=1) | \(format(c.median, 0)) | \(format(c.percentile(95), 0)) | \(format(c.max, 0)) |")
        print("| ratio cardscan / CLI | \(format(o.median / c.median, 2)) | \(format(o.percentile(95) / c.percentile(95), 2)) | |")
        print("")
        print("Printed ID numbers found: cardscan \(ourHits)/\(idTotal) (valid suggestion), tesseract CLI \(cliHits)/\(idTotal) "
              + "(anywhere in its text); on cards turned 90° or more: cardscan \(ourTurnedHits)/\(turnedTotal), CLI \(cliTurnedHits)/\(turnedTotal).")
    }

    struct Truth { var fields: [String: String] = [:]; var turned = 0; var exif = false }

    /// Ground truth in either schema: SampleImages' (`fields` keyed by suggestion type, `turned`) or the
    /// card-photo sets' (../shared/corpus/cards-dev: `nhs_number`, `jersey_ssn`, `guernsey_ssn`,
    /// `capture.orientation`).
    static func truth(for image: String) -> Truth {
        let path = (image as NSString).deletingPathExtension + ".json"
        guard let data = FileManager.default.contents(atPath: path),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return Truth() }
        var fields = (json["fields"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
        for (photoKey, key) in [("nhs_number", "nhsNumber"), ("jersey_ssn", "jerseySocialSecurity"),
                                ("guernsey_ssn", "guernseySocialSecurity")] {
            if let value = fields.removeValue(forKey: photoKey) { fields[key] = value }
        }
        let orientation = (json["capture"] as? [String: Any])?["orientation"] as? Int
        return Truth(fields: fields, turned: json["turned"] as? Int ?? orientation ?? 0,
                     exif: json["exifOrientation"] != nil)
    }

    static func tesseractCLI(_ file: String) throws -> String {
        String(decoding: try toolOutput("/usr/bin/tesseract", [file, "stdout"], environment: ["OMP_THREAD_LIMIT": "1"]), as: UTF8.self)
    }
}
