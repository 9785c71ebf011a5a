import Foundation
import XCTest

/// `cardscan scan --json SampleImages` (barcodes and OCR), run once per test run and shared by every test that
/// checks the sample photos (SampleRecallTests, ScanCommandTests): OCR over all of them is the suite's
/// costliest step, and the answer is the same each time. The region is pinned, so no machine setting changes it.
enum SampleScan {
    // Immutable once made; read by one test at a time.
    struct Output: @unchecked Sendable {
        let status: Int32
        let stderr: String
        /// One JSON object per image, as printed.
        let results: [[String: Any]]
    }

    private static let once: Result<Output, Error> = Result {
        let run = try ScanCommandTests.cardscan(["scan", "--json", ScanCommandTests.samples],
                                                environment: ["CARDSCAN_REGION": "", "TZ": "UTC", "CARDSCAN_CONFIG": "/nonexistent"])
        let results = try run.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        return Output(status: run.status, stderr: run.stderr, results: results)
    }

    static func output() throws -> Output { try once.get() }
}
