import Evaluation
import Foundation

/// `cardscan-bench score RESULTS.jsonl... [--markdown FILE]`: each `cardscan scan --json` run over a card-photo set (cards-dev, cards-dev2,
/// cards-dev3: ground truth beside each photo) scored as the sets' READMEs say: per field, hits of all and the photos
/// missed; wrong valid NHS numbers, names and dates of birth; first-ranked names that are not the holder's; valid
/// suggestions by confidence band. A scan of receipts-dev (key fields in `key/` beside `img/`) is scored as that set's
/// README says (`ReceiptScore`).
struct ScoreCommand {
    let results: [String]
    /// A markdown file whose block between `<!-- cardscan-bench score -->` and `<!-- /cardscan-bench score -->` is
    /// replaced by the table of every card set given (docs/benchmarks.md's figures are written so, not by hand).
    var markdown: String?

    func run() throws {
        var columns: [(set: String, score: CardPhotoScore)] = []
        for path in results {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let lines = try text.split(separator: "\n").compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            if let first = lines.first?["source"] as? String, ReceiptScore.key(of: first) != nil {
                scoreReceipts(lines)
                continue
            }
            let (score, set) = try Self.score(lines, from: path)
            report(score)
            columns.append((set, score))
        }
        if let markdown {
            try Self.write(table: Self.table(columns), into: markdown,
                           command: "cardscan-bench score " + results.map { ($0 as NSString).lastPathComponent }.joined(separator: " "))
        }
    }

    /// The card set's results scored against the truth beside each photo, and the set's folder name.
    static func score(_ lines: [[String: Any]], from path: String) throws -> (CardPhotoScore, String) {
        var score = CardPhotoScore()
        var photos = 0, set = ""
        for result in lines {
            guard let source = result["source"] as? String else { continue }
            let truthPath = (source as NSString).deletingPathExtension + ".json"
            guard let data = FileManager.default.contents(atPath: truthPath),
                  let truth = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let fields = truth["fields"] as? [String: Any] else { continue }
            score.add(result: result, truth: fields, image: (source as NSString).lastPathComponent)
            set = ((source as NSString).deletingLastPathComponent as NSString).lastPathComponent
            photos += 1
        }
        guard photos > 0 else { throw BenchError("no result in \(path) has ground truth beside its photo") }
        return (score, set)
    }

    func report(_ score: CardPhotoScore) {
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
        print("")
    }

    /// Fields down, sets across: valid suggestions that hold the truth, of the photos that carry the field.
    static func table(_ columns: [(set: String, score: CardPhotoScore)]) -> String {
        let names = ["nhs": "NHS number", "dob": "date of birth", "postcode": "postcode", "jy": "Jersey SSN",
                     "gy": "Guernsey SSN", "name": "name", "hosp": "hospital number", "barcode": "barcodes"]
        var lines = ["| field | " + columns.map(\.set).joined(separator: " | ") + " |",
                     "|---|" + String(repeating: "---:|", count: columns.count)]
        for field in CardPhotoScore.fields {
            lines.append("| \(names[field] ?? field) | " + columns.map { "\($0.score.hits[field] ?? 0)/\($0.score.totals[field] ?? 0)" }
                .joined(separator: " | ") + " |")
        }
        lines.append("| wrong valid NHS numbers | " + columns.map { "\($0.score.wrongValidNHS.count)" }.joined(separator: " | ") + " |")
        lines.append("| wrong valid dates of birth | " + columns.map { "\($0.score.wrongValidDOBs.count)" }.joined(separator: " | ") + " |")
        lines.append("| first-ranked valid name not the holder's | "
                     + columns.map { "\($0.score.wrongFirstNames.count) of \($0.score.cardsWithAValidName)" }.joined(separator: " | ") + " |")
        return lines.joined(separator: "\n")
    }

    static let begin = "<!-- cardscan-bench score -->", end = "<!-- /cardscan-bench score -->"

    /// Replaces the marked block of `file` with `table`, the machine and the command that made it.
    static func write(table: String, into file: String, command: String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        guard let from = text.range(of: begin), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else {
            throw BenchError("\(file) has no block between \(begin) and \(end)")
        }
        let block = "\n" + table + "\n\nMeasured on \(MachineInfo.current.description): `cardscan scan --json SET > SET.jsonl` per set, then `"
            + command + " --markdown FILE`.\n"
        try (String(text[..<from.upperBound]) + block + String(text[to.lowerBound...])).write(toFile: file, atomically: true, encoding: .utf8)
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
