import CardModel
import Foundation

/// Postcodes printed on a card (`Postcode.matches`: a slip repaired by the code's shape is marked and offered lower),
/// and the address each ends: the postcode line and the lines just above it.
struct PostcodeClassifier: EvidenceClassifier {
    func evidence(in card: CardReading) -> [Evidence] {
        postcodes(in: card) + addresses(in: card)
    }

    // A postcode read with one slip repaired by its shape (`Postcode.matches`) has no check character behind it:
    // it is offered, marked `ocr-repaired`, below one read as printed (`Confidence.repairedShare`).

    func postcodes(in card: CardReading) -> [Evidence] {
        card.lines.enumerated().flatMap { i, line in
            Self.matches(i, in: card).map {
                Evidence.valid(.postcode, $0.postcode.value, checks: $0.repaired ? ["format:postcode", "ocr-repaired"] : ["format:postcode"],
                               confidence: card.confidence(i) * ($0.repaired ? Confidence.repairedShare : 1), item: line,
                               fromBarcode: card.fromBarcode)
            }
        }
    }

    /// Address: the postcode line and the lines just above it (at most four), stopping at a line that is a field
    /// of its own (a name, a date, a number, a label) and after the line that starts with `Address`.
    func addresses(in card: CardReading) -> [Evidence] {
        addressBlocks(in: card).compactMap { lines in
            let block = Self.addressee(of: lines, in: card) == nil ? lines : Array(lines.dropFirst())
            guard let last = block.last else { return nil }
            guard let match = Self.matches(last, in: card).first else { return nil }
            let postcode = match.postcode
            // A line that is only a postcode read with slips ends the address as the postcode it was repaired to
            // (`…, Sheffield, S11 9SS`, not `…, Sheffield, Sit 98S`).
            let parts = block.map { i in
                match.repaired && i == last && Postcode.tokens(of: card.lines[i].text).count == 2
                    ? postcode.value : Self.withoutAddressLabel(card.lines[i].text)
            }.filter { !$0.isEmpty }
            let address = parts.joined(separator: ", ")
            guard address.count > postcode.value.count else { return nil }
            let confidence = card.fromBarcode ? Confidence.addressFromCode : card.confidence(last) * Confidence.addressShareOfItsPostcodeLine
            return .valid(.address, address, checks: ["postcode"], confidence: confidence, item: card.lines[last],
                          fromBarcode: card.fromBarcode)
        }
    }

    /// Line indices of each address: lines above a postcode line, then the postcode line.
    func addressBlocks(in card: CardReading) -> [[Int]] {
        var blocks: [[Int]] = []
        for (index, line) in card.lines.enumerated() where !Self.matches(index, in: card).isEmpty {
            var block = [index]
            guard !Self.startsWithAddressLabel(line.text) else { blocks.append(block); continue }
            var k = index - 1
            while k >= 0, block.count < 5 {
                let text = card.lines[k].text
                // A mark OCR read as a character or two between the lines (a card's edge, a fleck) is no line of
                // the address, and does not end it: five such marks hid a street and its addressee. Nor is a run of
                // junk OCR read off a pattern or an edge (`Nh ne ee ee et ee`): an address line has a number or a
                // word of three letters; above a Jersey card's address, such a line stood where its addressee is
                // looked for, and the holder's name was taken for a line of the address.
                if text.filter({ $0.isLetter || $0.isNumber }).count < 3 || Self.holdsNoWord(text) { k -= 1; continue }
                if Self.isAddressLabelOnly(text) { break }
                guard !Self.isOtherField(text) else { break }
                block.insert(k, at: 0)
                if Self.startsWithAddressLabel(text) { break }
                k -= 1
            }
            blocks.append(block)
        }
        return blocks
    }

    /// The postcodes on line `i`, told whether the line above it ends with a town's name (`Postcode.matches(in:townAbove:)`).
    /// The line above is looked for only for a line of two words without a postcode as read: finding it compares
    /// the line with every other, and a receipt or a letter has a hundred lines, each matched three times here.
    static func matches(_ i: Int, in card: CardReading) -> [Postcode.Match] {
        let text = card.lines[i].text
        let found = Postcode.matches(in: text)
        // A line read alone carries what the recogniser weighed for each character: where the line holds no postcode
        // as read, the one its alternatives make (`Postcode.chosen`) stands before any the digit table repairs.
        if !found.contains(where: { !$0.repaired }), let choices = card.lines[i].choices, let chosen = Postcode.chosen(from: choices) {
            return [Postcode.Match(postcode: chosen, repaired: true)]
        }
        guard found.isEmpty, Postcode.tokens(of: text).count == 2 else { return found }
        let townAbove = card.lineAbove(i).flatMap { Postcode.tokens(of: card.lines[$0].text).last }.map(Postcode.isTownWord) ?? false
        return Postcode.matches(in: text, townAbove: townAbove)
    }

    /// The first line of an address of three or more lines, above a house number, is whom it is addressed to: a
    /// card or a letter names its holder there (`Imogen QUARRENDON` above `5 La Rue du Moulin`). Without the house
    /// number below, a street read without its number could pass for a name (`Clos des Pins`). A mark before the
    /// house number (a card's edge read as `|`) does not hide it.
    static func addressee(of block: [Int], in card: CardReading) -> Int? {
        guard block.count >= 3, !card.lines[block[0]].text.contains(where: \.isNumber),
              card.lines[block[1]].text.first(where: { $0.isLetter || $0.isNumber })?.isNumber == true else { return nil }
        return block[0]
    }

    /// No digit and no word of three letters or more.
    static func holdsNoWord(_ line: String) -> Bool {
        !line.contains(where: \.isNumber) && !line.split(whereSeparator: { !$0.isLetter }).contains { $0.count >= 3 }
    }

    static func startsWithAddressLabel(_ line: String) -> Bool {
        let lower = line.lowercased().trimmingCharacters(in: CharacterSet.letters.inverted)
        return lower.hasPrefix("address") || lower.hasPrefix("addres") || lower.hasPrefix("adress")
    }

    static func isAddressLabelOnly(_ line: String) -> Bool {
        let letters = line.lowercased().filter(\.isLetter)
        return ["address", "addres", "adress", "addreen", "homeaddress"].contains(letters)
    }

    static func withoutAddressLabel(_ line: String) -> String {
        var text = line.trimmingCharacters(in: .whitespaces)
        if startsWithAddressLabel(text) { text = String(text.drop { !$0.isLetter }.drop { $0.isLetter }) }
        return text.trimmingCharacters(in: CharacterSet(charactersIn: " :.,-;"))
    }

    /// A line that holds a field other than an address line: a labelled field, a date, a number.
    static func isOtherField(_ line: String) -> Bool {
        let lower = line.lowercased()
        if ["name", "dob", "d.o.b", "birth", "born", "nhs", "ssn", "social", "security", "hosp", "gp:", "number", "no:",
            "no.", "expir", "patient", "tel", "phone", "date", "urn", "mrn", "ref", "states of", "government", "card"]
            .contains(where: lower.contains) { return true }
        // Six digits or more: an identifier (an NHS number; a social security or hospital number, even one OCR
        // misread past its format), never a house number or a postcode.
        if line.filter(\.isNumber).count >= 6 { return true }
        if !DateFinder.dates(in: lower).isEmpty || !SocialSecurityNumber.find(in: line).isEmpty { return true }
        return NameFinder.match(in: line) != nil || NameFinder.titledName(line) != nil
    }
}
