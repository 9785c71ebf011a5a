import Evaluation
import Foundation

/// `cardscan-bench score RESULTS.jsonl`: a `cardscan scan --json` run over a card-photo set (cards-dev, cards-dev2,
/// cards-dev3: ground truth beside each photo) scored as the sets' READMEs say: per field, hits of all and the photos
/// missed; wrong valid NHS numbers, names and dates of birth; first-ranked names that are not the holder's.
struct ScoreCommand {
    let results: String

    func run() throws {
        let text = try String(contentsOfFile: results, encoding: .utf8)
        var score = CardPhotoScore()
        var photos = 0
        for line in text.split(separator: "\n") {
            guard let result = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let source = result["source"] as? String else { continue }
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
    }
}
