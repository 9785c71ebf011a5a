/// A word whose first letters a reader gave in capitals and the rest in small letters (`ROWan`, `ROSa`, `OLIvia`):
/// the recogniser carries the capitals of a surname set in capitals (`PLACEHOLDER, Rowan`) on into the given name
/// after it. Put right as a capital and small letters (`Rowan`) when the word starts with at least three capitals,
/// holds at least as many capitals as small letters, and has its small letters only at its end; a name printed all
/// in capitals (`MURPHY, OLIVIA` read `OLIvia`) then reads `Olivia`, the same name. Words cased so on purpose
/// (`McDONALD`, `GPs`, `NHSmailbox`) are left alone. And a word in small letters after its capital whose last letter
/// alone came out a capital (`MattheW`) reads `Matthew`.
enum CaseSlips {
    static func mended(_ text: String) -> String {
        var result = ""
        var word = ""
        func flush() {
            result += wordMended(word)
            word = ""
        }
        for c in text {
            if c.isLetter { word.append(c) } else { flush(); result.append(c) }
        }
        flush()
        return result
    }

    static func wordMended(_ word: String) -> String {
        let upper = word.map { $0.isUppercase }
        // The other way at a word's end: a capital, small letters, and a last letter read as a capital (`MattheW`
        // on a wristband, which no given name matched). Three small letters at least: `PhD` is cased so on purpose.
        if word.count >= 5, upper.first == true, upper.last == true, !upper.dropFirst().dropLast().contains(true),
           word.dropFirst().dropLast().allSatisfy(\.isLowercase) {
            return String(word.dropLast()) + word.suffix(1).lowercased()
        }
        guard let firstSmall = upper.firstIndex(of: false), firstSmall >= 3,
              !upper[firstSmall...].contains(true), firstSmall * 2 >= word.count else { return word }
        return word.prefix(1) + word.dropFirst().lowercased()
    }
}

extension TesseractEngine.Line {
    /// The line with its words' case slips mended (`CaseSlips`).
    var caseMended: TesseractEngine.Line {
        var line = TesseractEngine.Line(text: CaseSlips.mended(text), confidence: confidence, box: box,
                                        words: words.map { (CaseSlips.mended($0.text), $0.confidence, $0.box) })
        line.choices = choices
        return line
    }
}
