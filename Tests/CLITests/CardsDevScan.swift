import Foundation
import XCTest

/// `cardscan scan --json` over the card-photo set (../shared/corpus/cards-dev, 120 photos), run once per test run
/// for CardsDevRecallTests: OCR over the set is one of the suite's costliest steps, and the answer is the same each
/// time (issue 12: results do not depend on the batch or the machine's load). The region is pinned as for SampleScan.
/// (LiveCardPhotoTests used to take its stills from here; .ci/run runs it in another process, so it scans its ~10
/// photos itself.)
enum CardsDevScan {
    private static func scan(_ corpus: String) -> Result<SampleScan.Output, Error> {
        Result {
            let run = try ScanCommandTests.cardscan(["scan", "--json", corpus],
                                                    environment: ["CARDSCAN_REGION": "", "TZ": "UTC", "CARDSCAN_CONFIG": "/nonexistent"])
            let results = try run.stdout.split(separator: "\n").map {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
            }
            return SampleScan.Output(status: run.status, stderr: run.stderr, results: results)
        }
    }
    private static let once = scan(CardsDevRecallTests.corpus)
    private static let secondSet = scan(CardsDevRecallTests.corpus2)
    private static let thirdSet = scan(CardsDevRecallTests.corpus3)

    /// The run's one scan of the set; the caller checks the set is there first (a missing set fails, never skips).
    static func output() throws -> SampleScan.Output { try once.get() }
    /// The same for cards-dev2 (photos made differently).
    static func output2() throws -> SampleScan.Output { try secondSet.get() }
    /// The same for cards-dev3 (wristbands, labels, banners; other fonts and captures).
    static func output3() throws -> SampleScan.Output { try thirdSet.get() }
}
