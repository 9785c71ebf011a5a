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

    func testFieldRecallOnUnseenStyleCardPhotos() throws {
        guard FileManager.default.fileExists(atPath: Self.corpus) else {
            return XCTFail("\(Self.corpus) is missing: the card-photo recall test needs ../shared beside the project")
        }
        let run = try CardsDevScan.output()  // the run's one scan of the set
        XCTAssertEqual(run.status, 0, run.stderr)
        let results = run.results
        XCTAssertEqual(results.count, 120, "every photo of the set gives one result")

        var score = Score()
        for result in results {
            let source = result["source"] as! String
            let truthPath = (source as NSString).deletingPathExtension + ".json"
            let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: truthPath))) as! [String: Any]
            score.add(result: result, truth: truth["fields"] as! [String: Any], image: (source as NSString).lastPathComponent)
        }

        print("field      hits    recall  target   missed")
        for field in Self.fields {
            let hits = score.hits[field.name] ?? 0, total = score.totals[field.name] ?? 0
            let share = total == 0 ? 0 : Double(hits) / Double(total)
            print("\(field.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(hits)/\(total)".padding(toLength: 19, withPad: " ", startingAt: 0)
                  + "\(Int(share * 100))%".padding(toLength: 8, withPad: " ", startingAt: 0)
                  + "\(Int(field.target * 100))%".padding(toLength: 9, withPad: " ", startingAt: 0)
                  + (score.misses[field.name] ?? []).joined(separator: " "))
            XCTAssertGreaterThanOrEqual(hits, field.floor, "\(field.name): fewer hits than the scanner reached before")
            // Issue 11's targets, reached on every field since 2026-11-26: asserted too (the floors guard the
            // fields that are above their target by more than a photo).
            XCTAssertGreaterThanOrEqual(share, field.target, "\(field.name): below issue 11's target")
        }
        print("")
        print("valid NHS suggestions by confidence (is the confidence honest?)")
        print("band        shown  right")
        for (band, tally) in score.nhsBands.sorted(by: { $0.key < $1.key }) {
            print("\(String(format: "%.1f-%.1f", band, band + 0.1).padding(toLength: 12, withPad: " ", startingAt: 0))"
                  + "\(tally.shown)".padding(toLength: 7, withPad: " ", startingAt: 0) + "\(tally.right)")
        }
        XCTAssertEqual(score.wrongValidNHS, [], "a wrong NHS number was marked valid")
    }

    /// Scoring as ../shared/corpus/cards-dev/README.md describes it.
    struct Score {
        var hits: [String: Int] = [:], totals: [String: Int] = [:], misses: [String: [String]] = [:]
        var wrongValidNHS: [String] = []
        var nhsBands: [Double: (shown: Int, right: Int)] = [:]

        static func compact(_ text: String) -> String {
            String(text.uppercased().filter { !$0.isWhitespace && $0 != "\u{1D}" && $0 != "(" && $0 != ")" })
        }

        mutating func count(_ field: String, _ hit: Bool, _ image: String) {
            totals[field, default: 0] += 1
            if hit { hits[field, default: 0] += 1 } else { misses[field, default: []].append(image) }
        }

        mutating func add(result: [String: Any], truth: [String: Any], image: String) {
            let valid = (result["suggestions"] as! [[String: Any]]).filter { $0["valid"] as! Bool }
            func values(_ type: String) -> Set<String> {
                Set(valid.filter { $0["type"] as! String == type }.map { $0["value"] as! String })
            }
            let nhs = truth["nhs_number"] as? String
            for suggestion in valid where suggestion["type"] as! String == "nhsNumber" {
                let value = suggestion["value"] as! String
                if value != nhs { wrongValidNHS.append("\(image): a wrong valid NHS number") }
                let band = min(0.9, (((suggestion["confidence"] as! Double) * 10).rounded(.down)) / 10)
                var tally = nhsBands[band] ?? (0, 0)
                tally.shown += 1; tally.right += value == nhs ? 1 : 0
                nhsBands[band] = tally
            }
            if let nhs { count("nhs", values("nhsNumber").contains(nhs), image) }
            if let dob = truth["dob"] as? String { count("dob", values("dateOfBirth").contains(dob), image) }
            if let postcode = truth["postcode"] as? String {
                let want = Self.compact(postcode)
                count("postcode", valid.contains { s in
                    let type = s["type"] as! String, value = Self.compact(s["value"] as! String)
                    return (type == "postcode" && value == want) || (type == "address" && value.contains(want))
                }, image)
            }
            if let jy = truth["jersey_ssn"] as? String { count("jy", values("jerseySocialSecurity").contains(jy), image) }
            if let gy = truth["guernsey_ssn"] as? String { count("gy", values("guernseySocialSecurity").contains(gy), image) }
            if let name = truth["name"] as? String {
                // Every word of the name in a name suggestion, or in the Name: part of a demographics string.
                let words = name.uppercased().split(separator: " ").map(String.init)
                var candidates = valid.filter { $0["type"] as! String == "name" }.map { ($0["value"] as! String).uppercased() }
                for s in valid where s["type"] as! String != "name" {
                    let value = (s["value"] as! String).uppercased()
                    if let range = value.range(of: "NAME:") {
                        candidates.append(String(value[range.upperBound...].prefix { $0 != ":" }))
                    }
                }
                count("name", candidates.contains { candidate in
                    let parts = Set(candidate.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init))
                    return words.allSatisfy(parts.contains)
                }, image)
            }
            if let hospital = truth["hospital_number"] as? String {
                let want = Self.compact(hospital)
                count("hosp", valid.contains { s in
                    let value = Self.compact(s["value"] as! String)
                    return value == want || value.hasSuffix("91" + want)
                }, image)
            }
            if let barcode = truth["barcode"] as? [String: Any], let text = barcode["text"] as? String {
                let want = Self.compact(text)
                let items = (result["items"] as! [[String: Any]]).filter { $0["kind"] as! String == "barcode" }
                count("barcode", items.contains { Self.compact($0["text"] as! String) == want }, image)
            }
        }
    }
}
