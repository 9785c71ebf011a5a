import CardModel
import Foundation

/// The holder's name printed on a card (dates of birth: `DateOfBirthClassifier`; postcodes and addresses:
/// `PostcodeClassifier`).
///
/// Confidence follows how the value was found: a labelled value is nearly as sure as its OCR; a `SURNAME,
/// Firstname` name a little less; an unlabelled name or date much less (a card prints other names and dates).
struct DemographicsClassifier: EvidenceClassifier {
    /// The given-name lexicon unlabelled names are held to (nil: none installed, no check).
    var givenNames: GivenNames?

    func evidence(in card: CardReading) -> [Evidence] {
        names(in: card)
    }

    // MARK: Names

    /// OCR confidence under which a line's name does not stop the search for unlabelled ones: on cards-dev and
    /// four probe draws, names from lines under 0.5 were right 4 times in 9 (`Evidence.doubtedLineConfidence`).
    static let halfDoubtedLine = 0.5

    /// OCR confidence from which a line counts as surely read (`NumberAgreement.sureReading`'s level).
    static let surelyReadLine = 0.8

    /// OCR confidence below which a line is not taken as an unlabelled name.
    static let unlabelledNameMinimumOCR = 0.6

    func names(in card: CardReading) -> [Evidence] {
        var found: [Evidence] = []
        var foundOnLinesRead = [Double]()  // the OCR confidence of each found name's line
        var usedAsValue = Set<Int>()
        let cardWords = Set(card.lines.flatMap { $0.text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init) })
        let onReceipt = card.isTillReceipt
        func add(_ read: String, _ form: NameFinder.Form, line i: Int, weight: Double) {
            var name = NameFinder.particlesMarked(Self.rejoiningSplitWords(read, cardWords: cardWords))
            name = Self.caseSlipRejoined(name, line: card.lines[i].text, names: givenNames)
            var checks = [form == .labelled ? "labelled" : "form:\(form.rawValue)"]
            var share = 1.0
            // A given name read with one slip (`Monammed`, `Rache!` whose mark was trimmed off) is put right when one
            // given name alone is that near; offered lower, as any repaired value is.
            var repairedUnsurely = false
            if let repaired = Self.givenNameRepaired(name, line: card.lines[i].text, names: givenNames) {
                name = repaired
                checks.append("ocr-repaired")
                share = Confidence.repairedShare
                repairedUnsurely = form == .unlabelled && card.lines[i].confidence < Self.surelyReadLine
            }
            var evidence = Evidence.valid(.name, name, checks: checks,
                                          confidence: weight * card.confidence(i) * share, item: card.lines[i], fromBarcode: card.fromBarcode)
            // Nothing says an unsurely read line is a name but its form, and a repair doubts that too: on the three
            // card sets every unlabelled name repaired from a line under 0.8 was someone else's or junk (`AWNI
            // STEWART` for KEVIN, an embossed `HARRIET SINGH` read `HAIE SRRIGEH`). Kept to show, not offered as valid.
            if evidence.valid, repairedUnsurely {
                evidence = evidence.refused("a name with no label, read unsurely and its given name repaired: check the name")
            }
            // A given name no one has (OCR's `Elizapeti`, `Rache`): kept to show, not offered as valid. No valid name
            // is better than a wrong one; on both dev sets every right valid name's first word is in the list.
            var noGivenName = false
            if evidence.valid, let first = name.split(separator: " ").first, first.count > 1, givenNames?.contains(first) == false {
                evidence = evidence.refused("'\(first)' is no given name cardscan knows (an OCR slip?): check the name")
                noGivenName = true
            }
            if evidence.valid, onReceipt, form != .labelled { evidence = evidence.refused(TillReceipt.problem) }
            // A name refused for its given name (a reader's slip, or two names run together: `MEGANMORGAN`) does not
            // stop the search for one standing alone on another line (a second reading's `MEGAN MORGAN`).
            if !noGivenName { foundOnLinesRead.append(card.lines[i].confidence) }
            found.append(evidence)
        }
        let texts = card.lines.map(\.text)
        let unlabelledNames = texts.map(NameFinder.unlabelled)
        let misread = Self.misreadNameLines(card, unlabelledNames: unlabelledNames)
        for (i, line) in card.lines.enumerated() where !usedAsValue.contains(i) && !misread.contains(i) {
            // A given name spaced apart inside leaves a piece in small letters that no name form takes (`Patient
            // name: Kirs ty Ap Rhys`): the line is read again with it put back whole.
            if let match = NameFinder.match(in: line.text) ?? Self.spacedGivenNamesRejoined(inLine: line.text, names: givenNames)
                .flatMap(NameFinder.match(in:)) {
                // One word after a name label, with a `Forename(s)` line beside it: the label was `Surname` with its
                // start lost (`name PENHALIGON` / `orename(s) Wren`).
                if match.form == .labelled, !match.name.contains(" "), let first = NameFinder.forename(near: i, in: texts) {
                    add(first + " " + match.name, .surnameForename, line: i, weight: Confidence.nameByForm)
                } else {
                    add(match.name, match.form, line: i, weight: match.form == .labelled ? Confidence.labelledName : Confidence.nameByForm)
                }
            } else if NameFinder.isLabelLine(line.text),
                      // Past a stray line only from a label and nothing else (`Surname, Forename(s)`), not from a
                      // header that starts like one (`Patient Services`).
                      case let bare = NameFinder.isBareLabel(line.text),
                      let next = bare ? card.lineBelow(i) : card.lines.indices.contains(i + 1) ? i + 1 : nil,
                      case let below = bare ? Self.wholeNameUnder(i, before: next, in: card) : next,
                      // A label's value is no label of its own (`Patient Registration Card` over `Nom / Name`).
                      !NameFinder.isLabelLine(card.lines[below].text),
                      let name = NameFinder.leadingName(card.lines[below].text) {
                add(name, .labelled, line: below, weight: Confidence.nameByForm)
                usedAsValue.insert(below)
                // Another pass's reading of the same line: the one cut short gives way to it
                // (`SuggestionBuilder.partsGivingWayToWholeNames`), a different one contradicts it.
                for k in card.otherReadings(of: below) where !usedAsValue.contains(k) {
                    guard let other = NameFinder.leadingName(card.lines[k].text) else { continue }
                    add(other, .labelled, line: k, weight: Confidence.nameByForm)
                    usedAsValue.insert(k)
                }
            } else if let name = NameFinder.twoPartName(texts, surnameAt: i) {
                add(name, .surnameForename, line: i, weight: Confidence.nameByForm)
            } else if let name = bandName(at: i, in: card) {
                add(name, .surnameForename, line: i, weight: Confidence.nameByForm)
            }
        }
        // Only a whole valid name makes the columns' name needless: a refused one (`GY Le Lievre`, a label's
        // neighbour taken for the forename) is no reason not to look.
        if !card.fromBarcode, !found.contains(where: { $0.valid && $0.value.contains(" ") }), let (name, line) = Self.nameInColumns(card) {
            add(name, .surnameForename, line: line, weight: Confidence.nameByForm)
        }
        // Only names from lines tesseract half doubted (junk read as `EE, Op` at 0.34, `Summame HK` at 0.3): the
        // unlabelled candidates are looked for too, and confidence ranks them all.
        guard foundOnLinesRead.allSatisfy({ $0 < Self.halfDoubtedLine }), !card.fromBarcode else { return found }
        // Nothing labelled: a line that reads as a name and nothing else (or a name followed by a date), not inside
        // an address block.
        // Only a line OCR read with some certainty (garbled words pass for names), and only the surest one: a card
        // prints one holder.
        let blocks = PostcodeClassifier().addressBlocks(in: card)
        let addressees = Set(blocks.compactMap { PostcodeClassifier.addressee(of: $0, in: card) })
        let addressLines = Set(blocks.flatMap { $0 }).subtracting(addressees)
        let candidates = card.lines.enumerated().compactMap { i, line -> (Int, String)? in
            // Whom an address is addressed to is a name by where it stands: tesseract's doubt (a mark read into
            // the line: `»  Lowri ROOKWOOD` at 0.38) matters less there.
            let minimum = addressees.contains(i) ? Evidence.doubtedLineConfidence : Self.unlabelledNameMinimumOCR
            guard !addressLines.contains(i), line.confidence >= minimum else { return nil }
            let text = line.text
            let name = unlabelledNames[i]
                ?? (DateFinder.dates(in: text.lowercased()).isEmpty ? nil : NameFinder.leadingName(text).flatMap(NameFinder.unlabelled))
            // Nothing says it is a name but its shape: it must start with a given name people have (when the list
            // is installed), or a shop's or a street's words in large type pass (`Seaside Bakery`).
            // A surname that starts with a particle (`LE SUEUR`, `Le Lievre`, `DELL ANNO`) alone on its line is no
            // given name and surname, though `Le` and `Dell` are in the list of given names: the holder's given
            // name is elsewhere (a line beside it, unread).
            guard let name, !Self.surnameParticles.contains(name.split(separator: " ")[0].lowercased()) else { return nil }
            guard givenNames?.contains(name.split(separator: " ")[0]) != false
                || Self.givenNameRepaired(name, line: text, names: givenNames) != nil else { return nil }
            return (i, name)
        }
        // The surest, unless the card's other lines repeat another candidate's words more often (the salutation
        // `Dear Mr Kettleborough` below `Mr Esme Kettleborough`, beside another pass's `Mr Esme Kettieborough`
        // that tesseract scored 0.89 to its 0.88): names have no check, and the card agreeing with itself is one.
        let said = card.lines.map { Set($0.text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)) }
        let ranked = candidates.map { i, name -> (i: Int, name: String, support: Int) in
            let words = Set(name.lowercased().split(separator: " ").map(String.init).filter { $0.count >= 3 })
            return (i, name, said.indices.reduce(0) { $1 == i ? $0 : $0 + words.intersection(said[$1]).count })
        }
        if let (i, name, _) = ranked.max(by: {
            ($0.support, card.lines[$0.i].confidence) < ($1.support, card.lines[$1.i].confidence)
        }) {
            add(name, .unlabelled, line: i, weight: Confidence.unlabelledName)
        }
        return found
    }

    /// `name` with its first word put right (`GivenNames.repairing`) when that word is no given name; the line it was
    /// read from says whether a mark for an `l` was trimmed off its end (`DAVIES, Rache!`). Nil when nothing changed.
    static func givenNameRepaired(_ name: String, line: String, names: GivenNames?) -> String? {
        guard let names, let first = name.split(separator: " ").first.map(String.init), !names.contains(first) else { return nil }
        let marked = ["!", "|", "1"].map { first + $0 }.filter(line.contains)
        guard let fixed = (marked.isEmpty ? [first] : marked).lazy.compactMap(names.repairing).first else { return nil }
        return ([fixed] + name.split(separator: " ").dropFirst().map(String.init)).joined(separator: " ")
    }

    /// The name with a given name put back whole where a small letter read as a capital split it (`COOPER, CalLum`
    /// split at its capital as two names run together, `Cal Lum`): two neighbouring words that the line reads with no
    /// space between them and whose join, in small letters after its capital, is a given name people have.
    static func caseSlipRejoined(_ name: String, line: String, names: GivenNames?) -> String {
        guard let names else { return name }
        return joiningNeighbours(name, keeping: 1) { a, b in
            let joined = a + b.lowercased()
            return a.count >= 2 && b.count >= 2 && line.contains(a + b) && (!names.contains(a) || !names.contains(b))
                && names.contains(joined) ? joined : nil
        }
    }

    /// The name with a given name put back whole where the reader put a space inside it (`Kirs ty Ap Rhys`, a gap
    /// between two letters of a small print): a word that is no given name followed by a piece starting with a
    /// small letter (a name's own words start with a capital; `ty` is a given name too, but not in small letters),
    /// whose join is a given name people have. Names in capitals are left alone: there a piece cannot be told from a
    /// word.
    static func spacedGivenNameRejoined(_ name: String, names: GivenNames?) -> String {
        guard let names else { return name }
        return joiningNeighbours(name, keeping: 1) { a, b in
            guard a.count >= 2, let start = b.first, start.isLowercase, b.allSatisfy(\.isLetter),
                  a.first?.isUppercase == true, !names.contains(a), names.contains(a + b) else { return nil }
            return a + b
        }
    }

    /// The line with every given name spaced apart inside put back whole (`spacedGivenNameRejoined`), or nil when
    /// there is none.
    static func spacedGivenNamesRejoined(inLine line: String, names: GivenNames?) -> String? {
        let rejoined = spacedGivenNameRejoined(line, names: names)
        return rejoined == line.split(separator: " ").joined(separator: " ") ? nil : rejoined
    }

    /// The name with a word OCR split by a space put back whole (`Esme FAIRWE ATHER` → `Esme FAIRWEATHER`), where
    /// the card has the whole word on another line (`Surname FAIRWEATHER`): two neighbouring words in capitals
    /// whose join is a word the card reads. A join that would leave one word makes no name of two (`KEVIN ROBINSON`
    /// beside the card's run-together `KEVINROBINSON` is a given name and a surname, not one word split).
    static func rejoiningSplitWords(_ name: String, cardWords: Set<String>) -> String {
        joiningNeighbours(name, keeping: 2) { a, b in
            a.count >= 2 && b.count >= 2 && (a + b).allSatisfy(\.isUppercase) && cardWords.contains((a + b).lowercased()) ? a + b : nil
        }
    }

    /// `name`'s words with each pair of neighbours that `join` makes one word joined, left to right, while more than
    /// `keeping` words are left.
    static func joiningNeighbours(_ name: String, keeping: Int, _ join: (String, String) -> String?) -> String {
        var words = name.split(separator: " ").map(String.init)
        var k = 0
        while k + 1 < words.count, words.count > keeping {
            if let joined = join(words[k], words[k + 1]) {
                words[k] = joined
                words.remove(at: k + 1)
            } else {
                k += 1
            }
        }
        return words.joined(separator: " ")
    }

    /// A name over two lines, surname first (`BandName`): the surname at the start of line `i`, the given name at the
    /// start of the nearest line above or below it in its column (0.6 to 2.5 of its heights up or down, starting
    /// within one and a half heights of where it starts), a given name people have. Neither part has a label to
    /// vouch for it, so both lines must be read as surely as an unlabelled name's (a newspaper's junk `Po` over
    /// `OLD` is not).
    func bandName(at i: Int, in card: CardReading) -> String? {
        guard !card.fromBarcode, card.lines[i].confidence >= Self.unlabelledNameMinimumOCR,
              let surname = BandName.surname(card.lines[i].text) else { return nil }
        // Other readings of the same print (another pass, a reread) are lines too: the nearest line down or up wins.
        // Measured in the surname line's own frame (`LineFrame`): a band photographed 10° off level has upright
        // boxes twice its print's height, which put the given name half a box under the surname (`MORGAN D/O/B: …`
        // over `Matthew`).
        let offset = LineFrame.offsets(from: card.lines[i].bounds)
        let beside = card.lines.indices.compactMap { k -> (line: Int, rise: Double)? in
            guard k != i, card.lines[k].kind == .text, case let offset = offset(card.lines[k].bounds),
                  abs(offset.along) <= 1.5, abs(offset.across) >= 0.6, abs(offset.across) <= 2.5 else { return nil }
            return (k, abs(offset.across))
        }
        for k in beside.sorted(by: { $0.rise < $1.rise }).map(\.line) {
            guard card.lines[k].confidence >= Self.unlabelledNameMinimumOCR, let given = BandName.given(card.lines[k].text),
                  givenNames?.contains(given) != false else { continue }
            return given + " " + surname
        }
        return nil
    }

    /// Words a surname starts with that are also in the list of given names, or could pass for one.
    static let surnameParticles = NameFinder.particles.union(["dell", "della", "ni", "nic", "mac", "st", "ap", "ó", "ní"])

    /// How much surer another reading of the same print must be to show a line up as a misreading.
    static let surerReading = 0.2

    /// The line holding a bare name label's value (a label alone on its line): `next` (the line after the label,
    /// `CardReading.lineBelow`), unless `next` reads as one word and lies beside the label, not under it, and the
    /// nearest line under the label, in its column, reads as a whole name. A grid's header row (`Name`, `DOB` over `NOAH FALLE`, `05-Nov-1991`) comes
    /// as lines of its own, and the label beside `Name` is its next line: read `DOE` (a B read as E), it passed for
    /// a one-word name and the holder's name under the label was lost (cards-dev 0074). A word under the label
    /// (`EXAMPLE`, a given name lost) stays the value: the line under it is another field (`IVY HOUSE`).
    static func wholeNameUnder(_ i: Int, before next: Int, in card: CardReading) -> Int {
        func words(_ k: Int) -> Int { NameFinder.leadingName(card.lines[k].text)?.split(separator: " ").count ?? 0 }
        guard words(next) == 1, !CardReading.shareAColumn(card.lines[i].bounds, card.lines[next].bounds),
              let nearest = card.lineUnder(i, accepts: { $0 != next }), words(nearest) >= 2 else { return next }
        return nearest
    }

    /// Lines that lie within another line's box (most of their area) read at least `surerReading` surer, when
    /// that surer line is a name by itself: another pass's misreading of the same print. Their names are not
    /// offered: names have no check, and the slip won over the right reading (`"LINDE, IST` at 0.69, read as a
    /// `SURNAME, Firstname` line, inside `Ciaran LINDQVIST` at 0.96, which as an unlabelled line ranked below it).
    /// `unlabelledNames`: `NameFinder.unlabelled` of each line.
    static func misreadNameLines(_ card: CardReading, unlabelledNames: [String?]) -> Set<Int> {
        let surerNames = card.lines.indices.filter { unlabelledNames[$0] != nil }
        return Set(card.lines.indices.filter { i in
            let bounds = card.lines[i].bounds
            return surerNames.contains { j in
                j != i && card.lines[j].confidence >= card.lines[i].confidence + surerReading
                    && Double(bounds.overlapArea(card.lines[j].bounds)) >= 0.8 * Double(max(1, bounds.boxArea))
            }
        })
    }

    /// OCR confidence below which a line is not taken as the value beside a label: below an unlabelled name's
    /// (`unlabelledNameMinimumOCR`), since the label says what the value is.
    static let columnValueMinimumOCR = 0.5

    /// `Surname` and `Forename(s)` labels printed in a column with their values in the next (OCR reads the
    /// columns as runs of their own, so the values are not on the labels' lines nor the lines after them): each
    /// value is the line beside its label (`RowNeighbours`). The name and the surname's line, or nil unless both
    /// parts are found.
    static func nameInColumns(_ card: CardReading) -> (String, Int)? {
        var labels = card.lines.map { NameFinder.bareNamePartLabel($0.text) }
        // A plain name label beside a given names label is the surname's (a European Health Insurance Card's
        // numbered fields: `3 Name` over `EXAMPLE`, `4 Given names` over `SUSAN`).
        if labels.contains(.forename) {
            for (i, line) in card.lines.enumerated() where labels[i] == nil && NameFinder.isPlainNameLabel(line.text) {
                labels[i] = .surname
            }
        }
        let labelLines = labels.indices.filter { labels[$0] != nil }
        guard labelLines.count >= 2 else { return nil }
        // Only lines that read as a name, and that tesseract did not doubt, are candidates: other passes' junk
        // lies over the values (`Sein)` at confidence 0 over `Ottilie`) and would set the rows' slope otherwise.
        let names = card.lines.map { line in
            line.confidence >= columnValueMinimumOCR && !NameFinder.isLabelLine(line.text) ? NameFinder.valueInColumn(line.text) : nil
        }
        let values = RowNeighbours(card.lines).valuesBeside(labelLines) { names[$0] != nil }
        func value(_ part: NameFinder.NamePart) -> (String, Int)? {
            for i in labelLines where labels[i] == part {
                if let k = values[i], let name = names[k] { return (name, k) }
            }
            return nil
        }
        // A grid of labels over values (`SURNAME` over `MENSAH`, `FORENAMES` over `MOLLY`), where a tilted photo's
        // rows gave no value beside a label, or the same line beside both.
        func valueUnder(_ part: NameFinder.NamePart) -> (String, Int)? {
            for i in labelLines where labels[i] == part {
                if let k = card.lineUnder(i, accepts: { names[$0] != nil && labels[$0] == nil }), let name = names[k] { return (name, k) }
            }
            return nil
        }
        if let last = value(.surname), let first = value(.forename), last.1 != first.1 { return (first.0 + " " + last.0, last.1) }
        guard let last = valueUnder(.surname), let first = valueUnder(.forename), last.1 != first.1 else { return nil }
        return (first.0 + " " + last.0, last.1)
    }
}
