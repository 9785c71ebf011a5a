import CardModel

/// Whether a valid NHS number was read surely: Mod 11 catches every single slip but lets about one in eleven of the
/// rest through, so two slips in one unsure reading can pass as a valid number (an H&C number read with two 0 → 8
/// slips, from one line read at 0.66, while another line of the same photo read it otherwise). What makes a number
/// sure is independent readings that agree: two lines, two readers, or the barcode.
///
/// A valid number is *unconfirmed* (check `unconfirmed`, confidence at most `Confidence.unconfirmedNumber`) when
/// - it rests on one reading, a text line read under `sureReading`, or
/// - other readings of the card hold a ten-digit number a few digits from it (`slipLimit`) at least as often as
///   readings hold it.
/// A barcode that holds it, or a second line that reads it, confirms it. On cards-dev, cards-dev2, cards-dev3 and the
/// samples no valid NHS number was unconfirmed by these rules (all 136 right; the one disagreement, cards-dev3
/// 0002, two readings against one).
enum NumberAgreement {
    /// The OCR confidence of a line under which one reading alone is no confirmation (the learned reader's sure
    /// lines read 0.87 and above on the dev sets; the held-out slip was read at 0.66).
    static let sureReading = 0.8
    /// How many digits apart two readings may be and still be one printed number misread.
    static let slipLimit = 3

    static func marked(_ joined: [SuggestionBuilder.Joined], items: [RecognizedItem]) -> [SuggestionBuilder.Joined] {
        let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return joined.map { number in
            guard number.kind == .nhsNumber, number.valid, !number.fromBarcode else { return number }
            let support = number.from.count
            let oneUnsure = support == 1 && (byID[number.from[0]].map { $0.kind == .text && $0.confidence < sureReading } ?? false)
            let dissent = items.filter { item in
                item.kind == .text && !number.from.contains(item.id)
                    && tenDigitRuns(in: item.text).contains { $0 != number.value && differences($0, number.value) <= slipLimit }
            }.count
            guard oneUnsure || dissent >= support else { return number }
            var unconfirmed = number
            unconfirmed.checks = Array(Set(number.checks + ["unconfirmed"])).sorted()
            unconfirmed.confidence = min(number.confidence, Confidence.unconfirmedNumber)
            return unconfirmed
        }
    }

    /// Every run of ten digits in `text`, spaces and dashes between them allowed (`943 476 5919`, `943-476-5919`).
    static func tenDigitRuns(in text: String) -> [String] {
        var runs: [String] = [], digits = ""
        for c in text + " x" {
            if c.isASCII && c.isNumber {
                digits.append(c)
            } else if c == " " || c == "-" {
                continue
            } else {
                if digits.count == 10 { runs.append(digits) }
                digits = ""
            }
        }
        return runs
    }

    static func differences(_ a: String, _ b: String) -> Int {
        a.count == b.count ? zip(a, b).filter { $0 != $1 }.count : Int.max
    }
}
