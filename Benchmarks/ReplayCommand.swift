import CardModel
import Foundation
import Recognition

/// `cardscan-bench replay IN OUT`: the `items` of a `cardscan scan --json` run (JSON Lines) built into suggestions
/// again by today's `SuggestionBuilder`, each photo with the region its scan resolved, and written as the same
/// lines with the new `suggestions`: extraction measured without running OCR again. (It was a test that asserted
/// nothing unless two environment variables were set: a tool, so it lives here. Issue 37.)
///
/// OCR is not run, so what the suggestions ask of it is not asked: the layout reading a card gets when its lines
/// leave a label without a value, and the rereads of doubtful digits. A change that moves those gates needs a real
/// `scan`; a change to how read text is understood (names, dates, labels) is measured here in seconds.
struct ReplayCommand {
    let input: String
    let output: String

    func run() throws {
        let builder = SuggestionBuilder(today: .today, givenNames: GivenNames.installed(in: ProcessSettings.current.listsFolder))
        let decoder = JSONDecoder(), encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var out = Data(), photos = 0
        for text in try String(contentsOfFile: input, encoding: .utf8).split(separator: "\n") {
            guard var line = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                  let itemsJSON = line["items"] else { continue }
            let items = try decoder.decode([RecognizedItem].self, from: JSONSerialization.data(withJSONObject: itemsJSON))
            let region = try (line["region"]).map { try decoder.decode(RegionResolution.self, from: JSONSerialization.data(withJSONObject: $0)) }
                ?? RegionResolution(code: .gb, basis: .fallback)
            let suggestions = builder.build(items: items, region: region).suggestions
            line["suggestions"] = try JSONSerialization.jsonObject(with: encoder.encode(suggestions))
            out += try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) + Data("\n".utf8)
            photos += 1
        }
        try out.write(to: URL(fileURLWithPath: output))
        print("replayed \(photos) photos into \(output)")
    }
}
