import Evaluation
import Foundation

/// `cardscan-bench score RESULTS.jsonl`: a `cardscan scan --json` run over a card-photo set (cards-dev, cards-dev2,
/// cards-dev3: ground truth beside each photo) scored as the sets' READMEs say: per field, hits of all and the photos
/// missed; wrong valid NHS numbers, names and dates of birth; first-ranked names that are not the holder's; valid
/// suggestions by confidence band. A scan of receipts-dev (key fields in `key/` beside `img/`) is scored as that set's
/// README says (`ReceiptScore`).
struct ScoreCommand {
    let results: String

    func run() throws {
        let text = try String(contentsOfFile: results, encoding: .utf8)
        let lines = try text.split(separator: "\n").compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        if let first = lines.first?["source"] as? String, ReceiptScore.key(of: first) != nil { return scoreReceipts(lines) }
        var score = CardPhotoScore()
        var photos = 0
        for result in lines {
            guard let source = result["source"] as? String else { continue }
            let truthPath = (source as NSString).deletingPathExtension + ".json"
            guard let data = FileManager.default.contents(atPath: truthPath),
                  let truth = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let fields = truth["fields"] as? [String: Any] else { continue }
            score.add(result: result, truth: fields, image: (source as NSString).lastPathComponent)
            photos += 1
        }
        guard photos > 0 else { throw BenchError("no result in \(results) has ground truth beside its photo") }
        print("| field | hits | of | missed |")
        print("|---|---:|---:|---|")
        for field in CardPhotoScore.fields {
            let misses = (score.misses[field] ?? []).map { ($0 as NSString).deletingPathExtension.replacingOccurrences(of: "img_", with: "") }
            print("| \(field) | \(score.hits[field] ?? 0) | \(score.totals[field] ?? 0) | \(misses.joined(separator: " ")) |")
        }
        print("")
        print("names in the raw text: \(score.namesInRawText), found of those: \(score.namesFoundOfThoseInRawText); "
              + "first-ranked valid name wrong on \(score.wrongFirstNames.count) of \(score.cardsWithAValidName) \(score.wrongFirstNames)")
        print("wrong valid: NHS \(score.wrongValidNHS), names \(score.wrongValidNames.count), dates of birth \(score.wrongValidDOBs.count)")
        // Is a suggestion's confidence honest? Every valid suggestion the truth can judge (NHS, DOB, postcode, JY, GY,
        // names, hospital numbers) by confidence band; `CardsDevRecallTests` asserts each band of 10 or more holds.
        print("")
        print("| confidence | valid shown | right | share |")
        print("|---|---:|---:|---:|")
        for row in ConfidenceBands.table(score.validSamples.map { ($0.confidence, $0.correct) }) where row.count > 0 {
            print("| \(row.band) | \(row.count) | \(row.correct) | \(Int(row.accuracy * 100))% |")
        }
    }

    /// A scan of receipts-dev: each key field found in a receipt's text (`ReceiptScore`), and the receipts that
    /// offer a valid postcode, name or date of birth (a till receipt holds none: each is a misreading).
    func scoreReceipts(_ lines: [[String: Any]]) {
        var hits: [String: Int] = [:], totals: [String: Int] = [:]
        var offering: [String: Int] = ["postcode": 0, "name": 0, "dateOfBirth": 0]
        for result in lines {
            guard let source = result["source"] as? String, let key = ReceiptScore.key(of: source) else { continue }
            let items = result["items"] as? [[String: Any]] ?? []
            let read = items.filter { $0["kind"] as? String == "text" }.compactMap { $0["text"] as? String }.joined(separator: " ")
            for field in ReceiptScore.fields where !(key[field] ?? "").isEmpty {
                totals[field, default: 0] += 1
                if ReceiptScore.hit(field, key[field] ?? "", in: read) { hits[field, default: 0] += 1 }
            }
            let suggestions = result["suggestions"] as? [[String: Any]] ?? []
            for kind in offering.keys where suggestions.contains(where: { $0["type"] as? String == kind && $0["valid"] as? Bool == true }) {
                offering[kind]! += 1
            }
        }
        print("| field | hits | of |")
        print("|---|---:|---:|")
        for field in ReceiptScore.fields { print("| \(field) | \(hits[field] ?? 0) | \(totals[field] ?? 0) |") }
        print("")
        print("receipts offering a valid postcode \(offering["postcode"]!), name \(offering["name"]!), date of birth \(offering["dateOfBirth"]!)")
    }
}
