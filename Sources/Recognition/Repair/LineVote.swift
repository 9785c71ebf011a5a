import CardModel

/// One printed line read several times (layout analysis, the flattened block, sparse text, a turn) often comes
/// back with a different slip each time: `JV 39 OL 14 A`, `Wy 39 @4 14 A`, `JY 29 C4 14 A` for `JY 39 04 14 A`.
/// No single reading holds the number, but position by position most of them agree. This is that vote, for values
/// of a fixed shape: each reading is cut to the shape's length, each position keeps the character a strict
/// majority of the readings give once look-alikes are read as the shape says (a digit position reads `O` and `@`
/// as 0, `DigitRepair`'s table), and a position without such a majority gives no value at all.
public enum LineVote {
    /// What a position of the value holds.
    public enum Slot: Sendable {
        case digit
        /// One of these characters (upper case), with digits that OCR reads in their place (`8` for `B`).
        case letter(Set<Character>, lookAlikes: [Character: Character] = [:])
    }

    /// The readings' agreed value, or nil when fewer than `minimumReadings` fit the shape or any position lacks
    /// a strict majority. A reading fits when, spaces and `-` taken out, it has exactly `slots.count` characters.
    public static func agreed(_ readings: [String], slots: [Slot], minimumReadings: Int = 3) -> String? {
        let fitting = readings.map { Array($0.filter { $0 != " " && $0 != "-" }) }.filter { $0.count == slots.count }
        guard fitting.count >= minimumReadings else { return nil }
        var value = ""
        for (position, slot) in slots.enumerated() {
            var votes: [Character: Int] = [:]
            for reading in fitting {
                if let c = read(reading[position], as: slot) { votes[c, default: 0] += 1 }
            }
            guard let (winner, count) = votes.max(by: { $0.value < $1.value }), 2 * count > fitting.count else { return nil }
            value.append(winner)
        }
        return value
    }

    /// `candidates` (indices of lines) gathered into printed lines: a candidate joins the first group holding a line
    /// whose bounds overlap its own. Readings of one line from several passes overlap; lines above and below do not.
    public static func printedLines(_ candidates: [Int], bounds: (Int) -> Quad) -> [[Int]] {
        var groups: [[Int]] = []
        for candidate in candidates {
            if let g = groups.firstIndex(where: { $0.contains { bounds($0).overlaps(bounds(candidate)) } }) {
                groups[g].append(candidate)
            } else {
                groups.append([candidate])
            }
        }
        return groups
    }

    /// The character as the slot reads it, or nil when it cannot stand there.
    static func read(_ c: Character, as slot: Slot) -> Character? {
        switch slot {
        case .digit:
            if DigitRepair.isDigit(c) { return c }
            if let digits = DigitRepair.candidates(for: c), digits.count == 1 { return digits[0] }
            return nil
        case .letter(let allowed, let lookAlikes):
            // Some characters upper-case to two (`ß` to `SS`): those are no letter of the shape.
            let upper = c.uppercased()
            if upper.count == 1, allowed.contains(Character(upper)) { return Character(upper) }
            return lookAlikes[c]
        }
    }
}

extension CardReading {
    /// The values the readings of each printed line agree on (`LineVote.agreed`): lines gathered by overlapping
    /// bounds (`LineVote.printedLines`), each cut to the shape by `run` (nil: the line holds no such run). With the
    /// lines that voted and their mean OCR confidence.
    func agreedValues(slots: [LineVote.Slot], run: (Int) -> String?) -> [(value: String, lines: [Int], confidence: Double)] {
        var runs: [Int: String] = [:]
        for i in lines.indices { runs[i] = run(i) }
        let candidates = lines.indices.filter { runs[$0] != nil }
        return LineVote.printedLines(candidates, bounds: { lines[$0].bounds }).compactMap { group in
            guard let value = LineVote.agreed(group.compactMap { runs[$0] }, slots: slots) else { return nil }
            return (value, group, group.map { confidence($0) }.reduce(0, +) / Double(group.count))
        }
    }
}
