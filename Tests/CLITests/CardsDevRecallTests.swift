import Evaluation
import Foundation
import XCTest

/// The card-photo development set (../shared/corpus/cards-dev: 120 photos of cards, labels, letters and
/// wristbands with ground truth) through the real CLI, scored as its README says: per-field recall with the
/// files missed, wrong valid NHS numbers, and how far NHS confidence can be trusted (issue 16's table).
///
/// The asserted floors are what a release scan reaches, less one (docs/benchmarks.md's recall table), so a change
/// that reads fewer fields fails here; each set's issue targets are asserted as well. The set must be there: a
/// missing ../shared fails the run rather than skipping (a skipped recall test guards nothing).
final class CardsDevRecallTests: XCTestCase {
    static let corpus = (ScanCommandTests.packageRoot as NSString).appendingPathComponent("../shared/corpus/cards-dev")

    struct Field {
        let name: String
        let floor: Int      // hits a release scan reaches, less a margin of one (barcodes too: the reader counts
        // work, not time, so its reads do not move with load)
        let target: Double  // issue 11's target share
    }

    static let fields = [
        Field(name: "nhs", floor: 39, target: 0.95), Field(name: "dob", floor: 71, target: 0.90),
        Field(name: "postcode", floor: 34, target: 0.90), Field(name: "jy", floor: 11, target: 0.90),
        Field(name: "gy", floor: 19, target: 0.90), Field(name: "name", floor: 99, target: 0.85),
        Field(name: "hosp", floor: 33, target: 0.80), Field(name: "barcode", floor: 57, target: 55.0 / 61),
    ]

    /// cards-dev2: the same kinds of object photographed differently (other fonts, layouts, light). Floors are what
    /// a release scan reaches, less one (docs/benchmarks.md's recall table); issue 34's targets are asserted too.
    /// Postcode and hospital numbers have the least margin over theirs (26/28 against 24, 42/42 against 36).
    static let corpus2 = (ScanCommandTests.packageRoot as NSString).appendingPathComponent("../shared/corpus/cards-dev2")
    static let fields2 = [
        Field(name: "nhs", floor: 38, target: 0.90), Field(name: "dob", floor: 68, target: 0.85),
        Field(name: "postcode", floor: 23, target: 0.85), Field(name: "jy", floor: 10, target: 0.85),
        Field(name: "gy", floor: 18, target: 0.85), Field(name: "name", floor: 95, target: 0.85),
        Field(name: "hosp", floor: 41, target: 0.85), Field(name: "barcode", floor: 60, target: 54.0 / 72),
    ]

    /// cards-dev3: wristbands (two-line names, inserts, wrapped labels), addressograph labels, patient banners,
    /// numbered and bilingual fields. Floors are what a release scan reaches, less one (docs/benchmarks.md's recall
    /// table). Issue 56's targets (NHS 38, DOB 68, postcode 31, names 90, hospital numbers 33 of 37; a wrong
    /// first-ranked name on <= 2 of the cards given one) are asserted too: DOB is at its target exactly (68/74), so
    /// one date of birth lost fails this test before its floor does. Wrong valid names and dates of birth are held
    /// where a release scan puts them plus one (OpenVINO reads in f32 on every CPU, but its kernels differ between
    /// CPU kinds, and a bf16 default once moved a photo or two): 1 wrong valid name (`DANIEL Ewt De Souza`) and no
    /// date of birth (unlabelled dates that disagree are no sure date of birth:
    /// `SuggestionBuilder.surerThanAContradiction`).
    static let corpus3 = (ScanCommandTests.packageRoot as NSString).appendingPathComponent("../shared/corpus/cards-dev3")
    static let fields3 = [
        Field(name: "nhs", floor: 38, target: 38.0 / 40), Field(name: "dob", floor: 67, target: 68.0 / 74),
        Field(name: "postcode", floor: 33, target: 31.0 / 34), Field(name: "jy", floor: 11, target: 0.9),
        Field(name: "gy", floor: 19, target: 0.9), Field(name: "name", floor: 95, target: 90.0 / 101),
        Field(name: "hosp", floor: 35, target: 33.0 / 37), Field(name: "barcode", floor: 52, target: 0),
    ]

    func testFieldRecallOnWristbandsLabelsAndBanners() throws {
        try checkRecall(corpus: Self.corpus3, run: { try CardsDevScan.output3() }, fields: Self.fields3, assertTargets: true,
                        wrongCeiling: (names: 2, dobs: 1), wrongFirst: (share: 0, cards: 2))
    }

    func testFieldRecallOnUnseenStyleCardPhotos() throws {
        // Wrong valid names and dates of birth: held where a release scan put them (1 and 2 at most).
        try checkRecall(corpus: Self.corpus, run: { try CardsDevScan.output() }, fields: Self.fields, assertTargets: true,
                        wrongCeiling: (names: 1, dobs: 2))
    }

    func testFieldRecallOnCardPhotosMadeDifferently() throws {
        // Wrong valid names and dates of birth: held where a release scan put them (2 and 2 at most).
        try checkRecall(corpus: Self.corpus2, run: { try CardsDevScan.output2() }, fields: Self.fields2, assertTargets: true,
                        wrongCeiling: (names: 2, dobs: 2))
    }

    /// Issue 38's name targets are asserted on every set (all three reach them).
    func checkRecall(corpus: String, run scan: () throws -> SampleScan.Output, fields: [Field], assertTargets: Bool,
                     wrongCeiling: (names: Int, dobs: Int), wrongFirst: (share: Double, cards: Int) = (0.02, 0)) throws {
        try ScanCommandTests.requireCorpus(corpus)
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

        // The score tables are `cardscan-bench score`'s (the same `CardPhotoScore`); here only what must hold.
        let set = (corpus as NSString).lastPathComponent
        for field in fields {
            let hits = score.hits[field.name] ?? 0, total = score.totals[field.name] ?? 0
            let share = total == 0 ? 0 : Double(hits) / Double(total)
            let missed = (score.misses[field.name] ?? []).joined(separator: " ")
            XCTAssertGreaterThanOrEqual(hits, field.floor, "\(set) \(field.name): \(hits)/\(total), fewer hits than the scanner reached before; missed \(missed)")
            // The targets (cards-dev: issue 11's), every one reached: asserted too (the floors
            // guard the fields that are above their target by more than a photo).
            if assertTargets {
                XCTAssertGreaterThanOrEqual(share, field.target, "\(set) \(field.name): \(hits)/\(total), below its target; missed \(missed)")
            }
        }
        // Issue 36 point 4: every valid suggestion the truth can judge (NHS, DOB, postcode, JY, GY, name, hospital
        // number), by confidence band: a band's stated confidence must hold (right at least as often as its lower
        // edge) wherever it has enough suggestions to say (10).
        for row in ConfidenceBands.table(score.validSamples.map { ($0.confidence, $0.correct) }) {
            if row.count >= 10 {
                XCTAssertTrue(row.isCalibrated, "\(row.band): \(row.correct) of \(row.count) right, under the band's \(Int(row.lowerEdge * 100))%")
            }
        }
        // Names and dates of birth have no check digit: the valid ones that are not the holder's are counted and
        // held to what the scanner reached (issue 37: a count printed and not asserted guards nothing).
        // Issue 38's targets, on every set: names found >= 85% of all and >= 90% of those whose words OCR read at
        // all; someone else's name ranked first as valid on <= 3% of the cards that get a valid name.
        let names = (score.hits["name"] ?? 0, score.totals["name"] ?? 0)
        XCTAssertGreaterThanOrEqual(Double(names.0), 0.85 * Double(names.1), "issue 38: names found of all")
        XCTAssertGreaterThanOrEqual(Double(score.namesFoundOfThoseInRawText), 0.90 * Double(score.namesInRawText), "issue 38: names found of those read")
        XCTAssertLessThanOrEqual(Double(score.wrongFirstNames.count), 0.03 * Double(score.cardsWithAValidName), "issue 38: wrong first names: \(score.wrongFirstNames.count) of \(score.cardsWithAValidName) \(score.wrongFirstNames)")
        // Issue 56: someone else's name first on <= 2% of the cards given one (cards-dev, cards-dev2), on <= 2 cards
        // (cards-dev3).
        XCTAssertLessThanOrEqual(Double(score.wrongFirstNames.count), max(wrongFirst.share * Double(score.cardsWithAValidName), Double(wrongFirst.cards)),
                                 "issue 56: wrong first names: \(score.wrongFirstNames.count) of \(score.cardsWithAValidName) \(score.wrongFirstNames)")
        XCTAssertLessThanOrEqual(score.wrongValidNames.count, wrongCeiling.names, "more wrong valid names than before: \(score.wrongValidNames)")
        XCTAssertLessThanOrEqual(score.wrongValidDOBs.count, wrongCeiling.dobs, "more wrong valid dates of birth than before: \(score.wrongValidDOBs)")
        XCTAssertEqual(score.wrongValidNHS, [], "a wrong NHS number was marked valid")
    }
}
