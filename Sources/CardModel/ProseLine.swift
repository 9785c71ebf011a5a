/// Running prose: a line of a newspaper, a letter's body, a leaflet under the card. Cards carry their fields on
/// short lines of labels, values and names (capitalised words, capitals, digits); the print around a card on a
/// newspaper or beside it on a letter is sentences, mostly small letters. Such a line is read once, by the first
/// reader, whatever its confidence: a second reader, a sharpened or unsmeared copy cost 10-40 ms a line, and a
/// photo on a newspaper holds 100-360 of them (cards-dev2, `--verbose`: 6-9 s of the slowest photos' 7-9 s went
/// to reading the newspaper again), for no field. Nor does prose make a frame's text unsure (`SecondReading`).
public enum ProseLine {
    /// No digit and no colon (values and labels have one or the other), and either five words or more, or two or
    /// more whose most start with a small letter (`the seafront.`, `ed out`). A name read as words (`Rajesh BROWN`)
    /// or a label (`Date of Birth`) starts with capitals; a line that is one word is never taken for prose.
    public static func isProse(_ text: String) -> Bool {
        guard !text.contains(where: { $0.isNumber || $0 == ":" }) else { return false }
        let words = text.split(separator: " ").filter { $0.contains(where: \.isLetter) }
        guard words.count >= 2 else { return false }
        let small = words.filter { $0.first(where: \.isLetter)?.isLowercase ?? false }.count
        return words.count >= 5 || 2 * small > words.count
    }
}
