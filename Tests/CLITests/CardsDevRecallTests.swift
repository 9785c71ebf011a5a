import Evaluation
import Foundation
import XCTest

/// The card-photo development set (../shared/corpus/cards-dev: 120 photos of cards, labels, letters and
/// wristbands with ground truth) through the real CLI, scored as its README says: per-field recall with the
/// files missed, wrong valid NHS numbers, and how far NHS confidence can be trusted (issue 16's table).
///
/// The asserted floors are what the scanner reached when this test was written (see the README's table), so a
/// change that reads fewer fields fails here; the issue's targets are printed beside them and asserted as well. The set must be
/// there: a missing ../shared fails the run rather than skipping (a skipped recall test guards nothing).
final class CardsDevRecallTests: XCTestCase {
    static let corpus = (ScanCommandTests.packageRoot as NSString).appendingPathComponent("../shared/corpus/cards-dev")

    struct Field {
        let name: String
        let floor: Int      // hits reached when the floor was set, less a margin of one
        let target: Double  // issue 11's target share
    }

    static let fields = [
        Field(name: "nhs", floor: 37, target: 0.95), Field(name: "dob", floor: 67, target: 0.90),
        Field(name: "postcode", floor: 32, target: 0.90), Field(name: "jy", floor: 11, target: 0.90),
        Field(name: "gy", floor: 19, target: 0.90), Field(name: "name", floor: 95, target: 0.85),
        Field(name: "hosp", floor: 33, target: 0.80), Field(name: "barcode", floor: 55, target: 55.0 / 61),
    ]

    /// cards-dev2: the same kinds of object photographed differently (other fonts, layouts, light). Floors are
    /// what the scanner reached when the text-line detector came (issue 34), less one, raised to the same where
    /// lines-first reading and the date and hospital-number rules read more (2026-11-27: DOB 61, names 70, hospital
    /// numbers 35); issue 34's targets are printed beside them, not asserted: they are not reached yet (the README's table).
    static let corpus2 = (ScanCommandTests.packageRoot as NSString).appendingPathComponent("../shared/corpus/cards-dev2")
    static let fields2 = [
        Field(name: "nhs", floor: 38, target: 0.90), Field(name: "dob", floor: 60, target: 0.85),
        Field(name: "postcode", floor: 20, target: 0.85), Field(name: "jy", floor: 10, target: 0.85),
        Field(name: "gy", floor: 16, target: 0.85), Field(name: "name", floor: 69, target: 0.85),
        Field(name: "hosp", floor: 34, target: 0.85), Field(name: "barcode", floor: 54, target: 54.0 / 72),
    ]

    func testFieldRecallOnUnseenStyleCardPhotos() throws {
        try checkRecall(corpus: Self.corpus, run: { try CardsDevScan.output() }, fields: Self.fields, assertTargets: true)
    }

    func testFieldRecallOnCardPhotosMadeDifferently() throws {
        try checkRecall(corpus: Self.corpus2, run: { try CardsDevScan.output2() }, fields: Self.fields2, assertTargets: false)
    }

    func checkRecall(corpus: String, run scan: () throws -> SampleScan.Output, fields: [Field], assertTargets: Bool) throws {
        guard FileManager.default.fileExists(atPath: corpus) else {
            return XCTFail("\(corpus) is missing: the card-photo recall test needs ../shared beside the project")
        }
        let run = try scan()  // the run's one scan of the set
        XCTAssertEqual(run.status, 0, run.stderr)
        let results = run.results
        XCTAssertEqual(results.count, 120, "every photo of the set gives one result")

        var score = CardPhotoScore()
        for result in results {
            let source = result["source"] as! String
            let truthPath = (source as NSString).deletingPathExtension + ".json"
            let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: truthPath))) as! [String: Any]
            score.add(result: result, truth: truth["fields"] as! [String: Any], image: (source as NSString).lastPathComponent)
        }

        print((corpus as NSString).lastPathComponent)
        print("field      hits    recall  target   missed")
        for field in fields {
            let hits = score.hits[field.name] ?? 0, total = score.totals[field.name] ?? 0
            let share = total == 0 ? 0 : Double(hits) / Double(total)
            print("\(field.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(hits)/\(total)".padding(toLength: 19, withPad: " ", startingAt: 0)
                  + "\(Int(share * 100))%".padding(toLength: 8, withPad: " ", startingAt: 0)
                  + "\(Int(field.target * 100))%".padding(toLength: 9, withPad: " ", startingAt: 0)
                  + (score.misses[field.name] ?? []).joined(separator: " "))
            XCTAssertGreaterThanOrEqual(hits, field.floor, "\(field.name): fewer hits than the scanner reached before")
            // Issue 11's targets on cards-dev, reached on every field since 2026-11-26: asserted too (the floors
            // guard the fields that are above their target by more than a photo).
            if assertTargets {
                XCTAssertGreaterThanOrEqual(share, field.target, "\(field.name): below issue 11's target")
            }
        }
        print("")
        print("valid NHS suggestions by confidence (is the confidence honest?)")
        print("band        shown  right")
        for (band, tally) in score.nhsBands.sorted(by: { $0.key < $1.key }) {
            print("\(String(format: "%.1f-%.1f", band, band + 0.1).padding(toLength: 12, withPad: " ", startingAt: 0))"
                  + "\(tally.shown)".padding(toLength: 7, withPad: " ", startingAt: 0) + "\(tally.right)")
        }
        // Names and dates of birth have no check: how many valid ones are wrong is reported, for the trend, not
        // asserted.
        print("valid names that are not the holder's: \(score.wrongValidNames.count)")
        print("valid dates of birth that are not the holder's: \(score.wrongValidDOBs.count)")
        XCTAssertEqual(score.wrongValidNHS, [], "a wrong NHS number was marked valid")
    }
}
