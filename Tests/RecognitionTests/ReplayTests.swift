import CardModel
import Foundation
import Recognition
import XCTest

/// Replays the `items` of a `cardscan scan --json` run through `SuggestionBuilder`, so extraction can be measured
/// without running OCR again. Opt-in: set `CARDSCAN_REPLAY_IN` (a JSON Lines file) and `CARDSCAN_REPLAY_OUT`;
/// without them the test does nothing. The output has one line per input line: `source`, `items`, `suggestions`.
final class ReplayTests: XCTestCase {
    struct Line: Codable {
        var source: String
        var items: [RecognizedItem]
        var suggestions: [Suggestion]?
    }

    func testReplayItemsThroughSuggestionBuilder() throws {
        let env = ProcessInfo.processInfo.environment
        guard let input = env["CARDSCAN_REPLAY_IN"], let output = env["CARDSCAN_REPLAY_OUT"] else { return }
        let builder = SuggestionBuilder(today: .today)
        let region = RegionResolution(code: .gb, basis: .fallback)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var out = Data()
        for text in try String(contentsOfFile: input, encoding: .utf8).split(separator: "\n") {
            guard var line = try? JSONDecoder().decode(Line.self, from: Data(text.utf8)) else { continue }
            line.suggestions = builder.build(items: line.items, region: region).suggestions
            out += try encoder.encode(line) + Data("\n".utf8)
        }
        try out.write(to: URL(fileURLWithPath: output))
    }
}
