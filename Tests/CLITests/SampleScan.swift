import Foundation
import XCTest

/// `cardscan scan --json SampleImages` (barcodes and OCR), run once per test run and shared by every test that
/// checks the sample photos (SampleRecallTests, ScanCommandTests): OCR over all of them is the suite's
/// costliest step, and the answer is the same each time. The region is pinned, so no machine setting changes it.
///
/// `CARDSCAN_SAMPLES=representative` (.ci/run's AddressSanitizer pass) scans `representative` instead: one photo of
/// each kind, together every barcode format, card layout and orientation of the set (see .ci/run for why that is
/// enough there). The recall test needs every photo and fails under that setting; the others check whatever was
/// scanned.
enum SampleScan {
    // Immutable once made; read by one test at a time.
    struct Output: @unchecked Sendable {
        let status: Int32
        let stderr: String
        /// One JSON object per image, as printed.
        let results: [[String: Any]]
        /// How many photos were scanned (one result each is expected).
        var photos = 0
    }

    /// One of each of the ten kinds: Code 128 (NHS card, Jersey wristband), Data Matrix (both wristbands), QR
    /// (Guernsey health card), EAN-13 (loyalty card), text-only cards and a distractor; turned 0°, 90°, 180° and 270°,
    /// and turned by EXIF orientation 6.
    static let representative = ["distractor-card-04", "gb-nhs-card-03", "gb-nhs-print-06", "gb-wristband-05", "gg-health-card-05",
                                 "gg-ssn-card-00", "je-health-card-01", "je-ssn-card-09", "je-wristband-00", "loyalty-card-03"]

    static var isRepresentative: Bool { ProcessInfo.processInfo.environment["CARDSCAN_SAMPLES"] == "representative" }

    private static let once: Result<Output, Error> = Result {
        var folder = ScanCommandTests.samples
        if isRepresentative {
            // A folder of them (with their ground truth beside each), scanned as a folder like the whole set.
            folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-samples-\(getpid())")
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for name in representative {
                for ext in ["jpg", "json"] {
                    try FileManager.default.copyItem(atPath: "\(ScanCommandTests.samples)/\(name).\(ext)", toPath: "\(folder)/\(name).\(ext)")
                }
            }
        }
        let photos = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.count
        let run = try ScanCommandTests.cardscan(["scan", "--json", folder],
                                                environment: ["CARDSCAN_REGION": "", "TZ": "UTC", "CARDSCAN_CONFIG": "/nonexistent"])
        let results = try run.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        return Output(status: run.status, stderr: run.stderr, results: results, photos: photos)
    }

    static func output() throws -> Output { try once.get() }
}

/// The representative photos stay representative as SampleImages grows: a new kind of card, barcode format or
/// orientation fails here until one photo of it is added to the list.
final class SampleScanTests: XCTestCase {
    func testRepresentativeSamplesCoverEveryKindFormatAndOrientation() throws {
        func truth(_ name: String) throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(ScanCommandTests.samples)/\(name).json"))) as! [String: Any]
        }
        func kind(_ name: String) -> String { name.split(separator: "-").dropLast().joined(separator: "-") }
        func traits(_ name: String) throws -> Set<String> {
            let t = try truth(name)
            var traits: Set<String> = ["kind \(kind(name))"]
            for code in t["barcodes"] as? [[String: Any]] ?? [] { traits.insert("format \(code["format"] as! String)") }
            if let turned = t["turned"] as? Int { traits.insert("turned \(turned)") }
            if let exif = t["exifOrientation"] as? Int { traits.insert("EXIF orientation \(exif)") }
            return traits
        }
        let all = try FileManager.default.contentsOfDirectory(atPath: ScanCommandTests.samples).filter { $0.hasSuffix(".json") }
            .map { ($0 as NSString).deletingPathExtension }
        let everything = try all.reduce(into: Set<String>()) { $0.formUnion(try traits($1)) }
        let covered = try SampleScan.representative.reduce(into: Set<String>()) { $0.formUnion(try traits($1)) }
        XCTAssertGreaterThanOrEqual(everything.count, 10 + 4 + 4 + 1, "kinds, formats, turns and EXIF: \(everything.sorted())")
        XCTAssertEqual(everything.subtracting(covered).sorted(), [], "SampleScan.representative misses these")
    }
}
