import CardModel
import Foundation

/// Finds a person's name in OCR text, in the layouts cards print:
/// - labelled: `Name: Alex Example`, `Patient: Mrs Alex Example`, `Re: Alex Example`, `Name EXAMPLE, Alex`;
/// - a label line (`NAME`, `Name  Date of birth`) with the name at the start of the next line;
/// - `Surname EXAMPLE` / `Forename(s) Alex` on two lines;
/// - the wristband form `SURNAME, Firstname`;
/// - unlabelled `Firstname SURNAME` or `Alex Example` (weaker: only when nothing labelled was found).
/// Returns "Firstname Surname": titles (`Mr`, `Dr`…) dropped, initials kept, a surname printed in capitals in the
/// `SURNAME, Firstname` form put in title case (`O'NEILL` → `O'Neill`, `SAMPLE-SMITH` → `Sample-Smith`).
public enum NameFinder {
    public enum Form: String, Sendable, Equatable {
        /// After a name label on its line or the line above.
        case labelled
        /// `SURNAME, Firstname`.
        case surnameFirst = "surname-first"
        /// `Surname …` and `Forename(s) …` lines.
        case surnameForename = "surname-forename"
        /// A line that reads as a name and nothing else.
        case unlabelled
    }

    public struct Match: Hashable, Sendable {
        public let name: String
        public let form: Form
    }

    static let titles: Set<String> = ["mr", "mrs", "ms", "miss", "mx", "dr", "prof", "rev", "sir", "master", "dame", "lady", "lord"]
    static let particles: Set<String> = ["de", "la", "le", "du", "des", "van", "von", "da", "di", "del", "der", "den", "ter", "bin", "al"]
    /// Words that are never part of a person's name on a card: places (islands, Channel Island parishes), card and
    /// address vocabulary. Unlabelled and `SURNAME, Firstname` readings containing one are not names.
    static let notNameWords: Set<String> = Set([
        "jersey", "guernsey", "alderney", "sark", "helier", "ouen", "brelade", "clement", "grouville", "trinity",
        "lawrence", "saviour", "castel", "torteval", "sampson", "vale", "forest", "england", "wales", "scotland",
        "london", "island", "islands", "states", "government", "bank", "card", "cards", "health", "care", "social",
        "security", "registration", "patient", "medical", "practice", "surgery", "hospital", "clinic", "centre",
        "center", "service", "services", "nhs", "number", "no", "name", "date", "birth", "born", "address", "road",
        "street", "lane", "avenue", "close", "drive", "way", "place", "court", "house", "hall", "flat", "ward", "rue",
        "grove", "crescent", "terrace", "gardens", "mews", "parade", "boulevard", "cottages", "villas",
        // A house's name on the line above its number's (`Rose Cottage` / `12 Example Road`).
        "cottage", "farm", "farmhouse", "rectory", "vicarage", "bungalow", "apartment", "apartments", "flats",
        "chalet", "maisonette",
        "route", "les", "valid", "thru", "until", "expires", "expiry", "member", "membership", "points", "reader",
        "rewards", "loyalty", "pass", "discount", "discounts", "staff", "consulting", "estates", "manager",
        "contribution", "savings", "bus", "concessionary", "dental", "physiotherapy", "appointment", "your", "next",
        "the", "of", "and", "for", "royal", "infirmary", "trust", "general", "family", "department", "unit", "ssn",
        "soc", "sec", "dob", "hosp", "urn", "mrn", "ref", "tel", "phone", "email", "www", "limited", "ltd", "plc",
        "club", "gym", "library", "parking", "permit", "visitor", "employee", "id", "identity", "insurance", "policy",
        "scheme", "contact", "emergency", "sex", "male", "female", "gp", "consultant", "maternity", "outpatient",
        "pharmacy", "prescription", "credit", "debit", "platinum", "gold", "silver", "premium", "account", "sort",
        "code", "st", "co", "shop", "store", "stores", "market", "cafe", "coffee", "bake", "bakery", "grocers", "books",
        "garden", "world", "worker", "key", "university", "surname", "forename", "forenames", "firstname", "hospitals",
        "fitness", "leisure", "executive", "director", "officer", "nurse", "doctor", "team", "office", "diy", "trade",
        // A business card's job title under the name (`Client Services`, read upside down as `Client Ser`).
        "client", "clients", "customer", "sales", "support", "senior", "associate", "adviser", "advisor", "analyst",
        "coordinator", "assistant", "receptionist", "operations", "marketing", "specialist", "engineer",
        // A letter's `within six weeks`; its salutation, whose title OCR slipped (`Dear Mg Ashcombe`).
        "dear", "day", "days", "week", "weeks", "month", "months", "year", "years",
        // Street types (`Le Mont Cochon`, `Quayside Mews`, `Orchard Rise`), and a name label OCR cut short.
        "clos", "mont", "chemin", "ruette", "quay", "quayside", "walk", "rise", "row", "wharf", "square", "hill", "park",
        "nam",
        // A social-security card's `INSURED PERSON` label, which read alone passed for a name.
        "insured", "person",
        // A screen's window around a scanned card (`File Edit View Help` over `Name of patient`): no name holds them.
        "edit", "view", "help", "preview", "window", "tools",
    ]).union(monthWords)

    /// A date's month beside a name (`13 September 1950` read into a name's line); not the months that are given
    /// names too (April, May, June, August).
    static let monthWords = MonthNames.allForms.subtracting(MonthNames.givenNameForms)

    /// Two-letter English words that a line cut short leaves before a comma (`ON, Thomas`): no surname on a card.
    /// (Two-letter surnames are real — Ng, Li, Wu, Ho, An — and stay allowed.)
    static let shortWordsNeverSurnames: Set<String> = ["on", "in", "at", "of", "to", "by", "or", "as", "is", "it", "no", "so",
                                                        "up", "us", "we", "be", "do", "go", "he", "me", "my", "if", "am"]

    /// Address words that are also common surnames (`HALL, Joseph`, `Rachel WARD`): allowed as the last word of a
    /// name printed the way cards and wristbands print a surname, in capitals after a given name or before the
    /// comma of `SURNAME, Firstname`; never on their own or in title case (`Church Hall`, `Hall Lane`).
    static let surnamesAmongWords: Set<String> = ["hall", "ward", "lane", "house", "court", "grove", "forest", "vale",
                                                  "bank", "street", "garden", "close", "lawrence", "clement", "hill", "park"]

    /// A two-part name label read with a slip (`Surnarne`, `Suname`, `Forenane`): one letter changed, lost or added,
    /// after OCR's commonest confusion (`rn` read as `m`: `Sumame`) is undone.
    static func isNamePartLabel(_ word: String) -> Bool { slippedNamePartLabel(word) != nil }

    /// Which part a label word read with a slip introduces (see `isNamePartLabel`), or nil.
    static func slippedNamePartLabel(_ word: String) -> NamePart? {
        let lower = word.lowercased().replacingOccurrences(of: "rn", with: "m")
        if WordSlip.oneEditApart(lower, "sumame") { return .surname }
        return ["forename", "forenames"].contains { WordSlip.oneEditApart(lower, $0) } ? .forename : nil
    }

    /// Starts of card words OCR often cuts short or garbles at the end (`Discou`, `Hospita`).
    static let notNameStems = ["hospit", "univers", "discoun", "surger", "medica", "pharma", "grocer", "practi", "servic",
                               "nation", "registr", "securit", "contrib", "concess", "healthc", "physio", "appoint",
                               "consult"]

    /// The name on one line: labelled, or `SURNAME, Firstname`.
    public static func find(in line: String) -> String? { match(in: line)?.name }

    public static func match(in line: String) -> Match? {
        let trimmed = trim(line)
        if let labelled = afterLabel(trimmed) ?? afterStrayMark(trimmed).flatMap(afterLabel) {
            var rest = withoutTrailingMark(labelled)
            // A label that gives the order (`Surname / Forename:`) needs no comma to say where the surname ends: a
            // full stop or nothing there (`DAVIES. George`) is the same value.
            if afterSurnameForenameLabel(trimmed) != nil, let mended = commaMended(rest) { rest = mended }
            if let name = surnameFirst(rest, strict: false) ?? cleanName(rest) { return Match(name: name, form: .labelled) }
            return nil
        }
        if let name = surnameFirst(trimmed, strict: true) ?? commaLost(trimmed).flatMap({ surnameFirst($0, strict: true) })
            ?? bannerHead(trimmed).flatMap({ surnameFirst($0, strict: true) }) {
            return Match(name: name, form: .surnameFirst)
        }
        return nil
    }

    /// `SURNAME. Firstname` or `SURNAME Firstname`, after a label that says the surname comes first: the first word
    /// (or the leading words in capitals) with a comma after it in place of what was there. Nil when the value has a
    /// comma already or only one word.
    static func commaMended(_ value: String) -> String? {
        guard !value.contains(",") else { return nil }
        let words = value.split(separator: " ").map(String.init)
        guard words.count >= 2 else { return nil }
        let capitals = words.prefix { $0.filter(\.isLetter).count >= 2 && $0.allSatisfy { !$0.isLetter || $0.isUppercase } }.count
        let surnameWords = capitals > 0 && capitals < words.count ? capitals : 1
        let surname = words.prefix(surnameWords).joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ".;:"))
        return surname + ", " + words.dropFirst(surnameWords).joined(separator: " ")
    }

    /// A clinical system's patient banner, `SURNAME, Firstname (Title)` and the patient's other fields after it on
    /// the same line (`HARRIS,Rosa(Miss)DOB 10/5/1980(45yrs)Gender Female`, the spaces around its punctuation lost
    /// by the reader): the name up to its title's bracket, spaced again. Nil unless the line starts so.
    static func bannerHead(_ line: String) -> String? {
        // Every line of every frame is asked: most have no bracket, and are not rebuilt.
        guard line.contains("("), line.contains(",") else { return nil }
        let spaced = line.replacingOccurrences(of: ",", with: ", ").replacingOccurrences(of: "(", with: " (")
            .replacingOccurrences(of: ")", with: ") ").split(separator: " ").joined(separator: " ")
        guard let comma = spaced.firstIndex(of: ","), let open = spaced.firstIndex(of: "("), comma < open,
              let close = spaced[open...].firstIndex(of: ")"), close < spaced.index(before: spaced.endIndex),
              titles.contains(spaced[spaced.index(after: open)..<close].lowercased().filter(\.isLetter)) else { return nil }
        return String(spaced[...close])
    }

    /// `SURNAME Firstname (Ms)`, an addressograph's line with its comma lost, with the comma put back: the title in
    /// brackets at its end says the line is a name, and the capitals say where the surname ends. Nil otherwise.
    static func commaLost(_ line: String) -> String? {
        guard let open = line.lastIndex(of: "("),
              titles.contains(String(line[line.index(after: open)...].filter(\.isLetter)).lowercased()) else { return nil }
        let words = line[..<open].split(separator: " ")
        let surname = words.prefix { $0.count >= 2 && $0.allSatisfy { $0.isUppercase || $0 == "-" || $0 == "'" } }
        guard !surname.isEmpty, surname.count < words.count else { return nil }
        return surname.joined(separator: " ") + ", " + words.dropFirst(surname.count).joined(separator: " ") + " " + line[open...]
    }

    /// A line that is only a name label, perhaps beside other column labels (`NAME`, `Name  Date of birth`): the name
    /// is then at the start of the next line.
    public static func isLabelLine(_ line: String) -> Bool {
        guard let rest = afterLabel(trim(line)) else { return false }
        let words = rest.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        return words.allSatisfy { notNameWords.contains($0) }
    }

    /// A line that is a name label and nothing else (`NAME`, `Insured person`, `Surname, Forename(s)`).
    public static func isBareLabel(_ line: String) -> Bool { afterLabel(trim(line))?.isEmpty == true }

    /// A bare label for a name that says nothing of its parts (`Name`, a numbered field's `3 Name`), as opposed to
    /// `Surname`, `Forename(s)` or `Surname, Forename(s)`.
    public static func isPlainNameLabel(_ line: String) -> Bool {
        let trimmed = trim(line)
        return isBareLabel(trimmed) && bareNamePartLabel(trimmed) == nil && afterSurnameForenameLabel(trimmed) == nil
    }

    /// A word that labels a date of birth (`DOB`, `D.O.B.`, `Born:`; `Labels.dateOfBirthToReread`): a name ends
    /// before one.
    static func isBirthLabel<S: StringProtocol>(_ word: S) -> Bool {
        Labels.dateOfBirthToReread.contains(word.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".:")))
    }

    /// The name at the start of a line below a label line (`RHYS EXAMPLE 14-Jul-1945` → `Rhys Example`… as printed).
    /// The name ends at the first word that is no word of a name: the next column's value, or a mark OCR read
    /// between the columns (`RHYS EXAMPLE __ 14-Jul-1945`).
    public static func leadingName(_ line: String) -> String? {
        // A line that starts with a number (`28-Jul-1942` below a `Name` label whose value OCR lost) holds no name.
        guard line.first(where: { $0.isLetter || $0.isNumber })?.isLetter == true else { return nil }
        let trimmed = withoutLeadingJunk(trim(line))
        if let name = surnameFirst(trimmed, strict: false) { return name }
        // A birth label after the name (`HARRIS, Anthony D.O.B. 09-May-1979`, `Connor LE FEUVRE DOB 07-Sep-1982`) is
        // the next column's, not the name's last word; read run into its date (`D.O.B.09-May`) it ends the name anyway.
        let words = trimmed.split(separator: " ").prefix { w in
            !w.contains(where: \.isNumber) && w.contains(where: \.isLetter)
                && w.allSatisfy { $0.isLetter || $0 == "-" || $0 == "'" || $0 == "." }
                && !isBirthLabel(w)
        }
        // Held to the unlabelled standard: no card word. OCR often reads a card's labels as a run of lines of their
        // own (`Name`, `SS Number`, then the values), and the line under `Name` is then the next label.
        return cleanName(words.joined(separator: " "), allowVocabulary: false, capitalSurname: true)
    }

    /// The line without a stray mark OCR read before it (`O Name: …`, `| Name: …`), when it starts with one: a token
    /// of one or two characters that is no title. Nil otherwise.
    static func afterStrayMark(_ line: String) -> String? {
        let words = line.split(separator: " ", maxSplits: 1)
        guard words.count == 2, words[0].count <= 2,
              !titles.contains(words[0].lowercased()) else { return nil }
        return trim(String(words[1]))
    }

    /// OCR sometimes loses the spaces of a small printed name (`DrAlexLe Example`): a word is split where a lower-case
    /// letter meets a capital, after a title (or `Or`, OCR's `Dr`), or after a part of three letters or more.
    /// `McDonald`, `MacLeod`, `FitzGerald`, `DeSouza` and `O'Neill` stay whole, and so does a word whose last two
    /// letters are a capital and a small one that is no particle (`MalcoLm`: a case slip, not `Malco Lm`).
    static func splitRunTogether(_ word: String) -> [String] {
        let parts = splitAtCapitals(word)
        guard parts.count > 1, let last = parts.last, last.count == 2, !particles.contains(last.lowercased()),
              !titles.contains(last.lowercased()) else { return parts }
        return Array(parts.dropLast(2)) + [parts[parts.count - 2] + last.lowercased()]
    }

    /// A word in small letters after its capital with some of them read as capitals where the two differ by size
    /// alone (`ThOmaS`: o and s, as c, p, u, v, w, x and z), in small letters; not after a prefix that takes a
    /// capital (`DeSouza`, `McCoy`, `OConnor` with its apostrophe lost), nor a word with no small letters left to say
    /// its case. Other words come back
    /// as they are.
    static func sizeSlipsMended(_ word: String) -> String {
        let letters = Array(word)
        guard letters.count >= 4, letters[0].isUppercase, letters.allSatisfy({ $0.isLetter }),
              letters.dropFirst().filter(\.isLowercase).count >= 2 else { return word }
        let inner = letters.indices.dropFirst().filter { letters[$0].isUppercase }
        guard !inner.isEmpty, !inner.contains(1), inner.allSatisfy({ "COPSUVWXZ".contains(letters[$0]) }),
              !capitalisedPrefixes.contains(where: { word.lowercased().hasPrefix($0) && inner.contains($0.count) })
        else { return word }
        return String(letters[0]) + String(letters.dropFirst()).lowercased()
    }

    /// A word in capitals with one small letter OCR slipped in past its second letter (`BROwN`: a `w` whose small
    /// and capital forms differ only in size), in capitals. `McDONALD` keeps its `c`.
    static func capitalsMended(_ word: String) -> String {
        let letters = Array(word)
        let small = letters.indices.filter { letters[$0].isLowercase }
        guard letters.count >= 4, small.count == 1, small[0] >= 2, letters.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "'" })
        else { return word }
        return word.uppercased()
    }

    private static func splitAtCapitals(_ word: String) -> [String] {
        var parts: [String] = []
        var current = ""
        for ch in word {
            if ch.isUppercase, let last = current.last, last.isLowercase,
               titles.contains(current.lowercased()) || current == "Or"
                || current.count >= 3 && !["mac", "fitz"].contains(current.lowercased()) {
                parts.append(current)
                current = ""
            }
            current.append(ch)
        }
        parts.append(current)
        return parts
    }

    /// Starts of the labels of a surname (`Surname`, OCR's `Surnanie`, `Last name`, `Family name`) and of first names
    /// (`Forename(s)`, OCR's `Porename(e)`, `First name`, `Given names`, `Christian name`).
    /// `sumam`: OCR's `Surname` with its `rn` read as `m`.
    static let surnameLabelStems = ["surna", "sumam", "last name", "family name"]
    static let forenameLabelStems = ["forena", "orena", "first name", "given name", "christian name"]

    /// The text after a two-part name label at the start of the line (`Surname: EXAMPLE` → `EXAMPLE`, `Forename(s)` →
    /// ``), or nil when the line does not start with one. OCR may drop or change a letter before `orename`.
    static func afterPartLabel(_ line: String, stems: [String]) -> String? {
        let trimmed = trim(line)
        if let rest = afterPartLabelOrSplitLabel(trimmed, stems: stems) { return rest }
        // A mark before the label read as a letter or two (a table's ruled border: `i Forename(s} Beatrix`).
        return afterStrayMark(trimmed).flatMap { afterPartLabelOrSplitLabel($0, stems: stems) }
    }

    private static func afterPartLabelOrSplitLabel(_ trimmed: String, stems: [String]) -> String? {
        if let rest = afterPartLabel(trimmed: trimmed, stems: stems) { return rest }
        // A label OCR split in two (`Sur name`, `Fore name(s)`): the line without its first space.
        guard let space = trimmed.firstIndex(of: " "), trimmed.distance(from: trimmed.startIndex, to: space) <= 4 else { return nil }
        var joined = trimmed
        joined.remove(at: space)
        return afterPartLabel(trimmed: joined, stems: stems)
    }

    /// What follows the rest of a two-part name label's word: its `(s)` (OCR may put a space before it, read its
    /// bracket as `}` or lose it), then separators.
    static func afterLabelWord(_ text: Substring) -> String {
        var rest = text.drop { $0.isLetter }
        let bracketed = rest.drop { $0 == " " }
        if let open = bracketed.first, "({[".contains(open) {
            // `(s)`, `(e)`: a letter or two, then the closing bracket unless OCR lost it (`Forename(s Ciaran`).
            let letters = bracketed.dropFirst().prefix { $0.isLetter }
            if letters.count <= 2 {
                rest = bracketed.dropFirst(1 + letters.count)
                if let close = rest.first, ")}]".contains(close) { rest = rest.dropFirst() }
            }
        }
        return String(rest.drop { !$0.isLetter })
    }

    private static func afterPartLabel(trimmed: String, stems: [String]) -> String? {
        let lower = trimmed.lowercased()
        // A label word read with a slip that no stem catches (`Suname`), for the part these stems introduce.
        let parts: [NamePart] = (stems.contains("surna") ? [.surname] : []) + (stems.contains("forena") ? [.forename] : [])
        if let firstWord = lower.split(separator: " ", maxSplits: 1).first?.prefix(while: \.isLetter), firstWord.count >= 5,
           let part = slippedNamePartLabel(String(firstWord)), parts.contains(part) {
            return afterLabelWord(trimmed.dropFirst(firstWord.count))
        }
        for stem in stems {
            guard let r = lower.range(of: stem), lower.distance(from: lower.startIndex, to: r.lowerBound) <= (stem == "orena" ? 1 : 0)
            else { continue }
            let offset = lower.distance(from: lower.startIndex, to: r.upperBound)
            return afterLabelWord(trimmed.dropFirst(offset))
        }
        return nil
    }

    /// `Surname EXAMPLE` and `Forename(s) Alex` within three lines of each other, in either order, each value on its
    /// label's line or alone on the line below a label that stands alone. `lines[i]` is the surname's label line.
    public static func twoPartName(_ lines: [String], surnameAt i: Int) -> String? {
        guard let last = partValue(lines, at: i, stems: surnameLabelStems) else { return nil }
        return forename(near: i, in: lines).map { $0 + " " + last }
    }

    /// The value of the `Forename(s)` line among the three lines on either side of line `i`, nearest first.
    public static func forename(near i: Int, in lines: [String]) -> String? {
        for k in [i + 1, i + 2, i - 1, i - 2, i + 3, i - 3] {
            if let first = partValue(lines, at: k, stems: forenameLabelStems) { return first }
        }
        return nil
    }

    /// The value after a two-part name label on line `k` (`Surname EXAMPLE`), or on the next line when the label
    /// stands alone and that line is no label of its own.
    static func partValue(_ lines: [String], at k: Int, stems: [String]) -> String? {
        guard lines.indices.contains(k), let rest = afterPartLabel(lines[k], stems: stems) else { return nil }
        if !rest.isEmpty { return cleanName(withoutTrailingMark(rest), allowVocabulary: false) }
        guard lines.indices.contains(k + 1), afterPartLabel(lines[k + 1], stems: surnameLabelStems + forenameLabelStems) == nil
        else { return nil }
        return cleanName(withoutTrailingMark(trim(lines[k + 1])), allowVocabulary: false)
    }

    /// A labelled value without the one character OCR read after it (`ASHCOMBE a`, `Idris J`: a table's ruled
    /// border or a speck beside the value). A name never ends with an initial (`cleanName`), so the character is
    /// no part of it; without this the whole value was refused.
    static func withoutTrailingMark(_ value: String) -> String {
        let words = value.split(separator: " ")
        guard words.count >= 2, words.last!.count == 1, words[words.count - 2].filter(\.isLetter).count >= 2 else { return value }
        return trim(words.dropLast().joined(separator: " "))
    }

    /// Which part of a name a two-part label introduces.
    public enum NamePart: Sendable { case surname, forename }

    /// A line that is a two-part name label and nothing else (`Surname`, `Forename(s):`): which part, or nil.
    public static func bareNamePartLabel(_ line: String) -> NamePart? {
        if afterPartLabel(line, stems: surnameLabelStems)?.isEmpty == true { return .surname }
        if afterPartLabel(line, stems: forenameLabelStems)?.isEmpty == true { return .forename }
        return nil
    }

    /// A name printed on its own beside its label (a column of values): the whole line, held to the unlabelled
    /// standard but allowed to be one word (a surname, a forename).
    public static func valueInColumn(_ line: String) -> String? {
        cleanName(trim(line), allowVocabulary: false)
    }

    /// `Surname EXAMPLE` with `Forename(s) Alex` on one of the next lines (see `twoPartName`).
    public static func surnameForename(_ line: String, following: [String]) -> String? {
        twoPartName([line] + following, surnameAt: 0)
    }

    /// A line that is a name and nothing else (`Alex Example`, `Alex EXAMPLE`, `ALEX EXAMPLE`).
    /// A title (`Mr`, `Mrs.`, `Dr`…), with or without its full stop.
    static func isTitle<S: StringProtocol>(_ word: S) -> Bool {
        titles.contains(word.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".")))
    }

    public static func unlabelled(_ line: String) -> String? {
        let trimmed = withoutLeadingJunk(trim(line))
        // A line that starts with a number is an address's (`2 Le Mees`, `14 Orchard Ane`: a street after its house
        // number), unless a title follows the number or the words are in capitals, as names are printed: then the
        // number is a mark OCR read before the name (`5 Ms Declan Example`, `7 ALEX EXAMPLE`).
        if line.first(where: { $0.isLetter || $0.isNumber })?.isNumber == true {
            guard trimmed.split(separator: " ").first.map(isTitle) == true || trimmed.filter(\.isLetter).allSatisfy(\.isUppercase)
            else { return nil }
        }
        // `Surname, Given` in small letters, alone on its line (a contribution card's `Patel, Charlotte`): the
        // comma says which part is the surname; both held to the unlabelled standard, a word or two each.
        let commaParts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
        if commaParts.count == 2 {
            let surnameWords = commaParts[0].split(separator: " "), givenWords = commaParts[1].split(separator: " ")
            guard (1...2).contains(surnameWords.count), (1...2).contains(givenWords.count),
                  let surname = cleanName(String(commaParts[0]), allowVocabulary: false, capitalSurname: true),
                  let given = cleanName(trim(String(commaParts[1])), allowVocabulary: false),
                  given.first?.isUppercase == true, given.count >= 2 else { return nil }
            return given + " " + surname
        }
        // Words run together (`CallumKelly`) are counted as `cleanName` splits them.
        let words = trimmed.split(separator: " ").flatMap { splitRunTogether(capitalsMended(String($0))) }
        guard (2...4).contains(words.count), words.filter({ $0.count >= 2 }).count >= 2 else { return nil }
        return cleanName(trimmed, allowVocabulary: false, capitalSurname: true)
    }

    /// A line that is a person's name after a title (`Mr Alex Example`, `Dr A Example`): on a letter or a card it is
    /// the addressee or the holder, never a line of the address below it.
    public static func titledName(_ line: String) -> String? {
        let trimmed = trim(line)
        guard let first = trimmed.split(separator: " ").first,
              isTitle(first) else { return nil }
        return unlabelled(trimmed)
    }

    // MARK: Parts

    /// Drops stray punctuation OCR puts at the ends of a line (`~ Name: …`, `… —`).
    static func trim(_ s: String) -> String {
        s.trimmingCharacters(in: CharacterSet.letters.inverted)
    }

    /// The text after a name label at the start of the line, or nil when it does not start with one.
    static func afterLabel(_ line: String) -> String? {
        if let rest = afterSurnameForenameLabel(line) { return rest }
        let lower = line.lowercased()
        // OCR's `Nome:` / `Narne:` / `paame:` / `ame:`: a four-letter word one letter away from `name`, or a word of
        // up to six letters ending `ame` (a mark read into the label's start, or its first letter lost against a
        // card's border line), with its colon.
        // A space OCR put inside the label (`N ame:`, after a stray mark: `. N ame:`) is no word break.
        if let colon = lower.firstIndex(of: ":") {
            let before = lower[..<colon]
            let word = before.count <= 8 && before.contains(" ") ? Substring(before.filter(\.isLetter)) : before
            if word == "name" || word.count == 4 && zip(word, "name").filter({ $0 != $1 }).count == 1
                || (3...6).contains(word.count) && word.allSatisfy(\.isLetter) && word.hasSuffix("ame") {
                return String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            }
        }
        // `Namet Dr Charlotte Chen`: the label's colon read as a letter or a stroke (`t`, `l`, `i`, `1`, `|`, `!`)
        // joined to it, then a space.
        if lower.hasPrefix("name"), lower.count > 6, "tli1|!".contains(lower[lower.index(lower.startIndex, offsetBy: 4)]),
           lower[lower.index(lower.startIndex, offsetBy: 5)] == " " {
            return String(line.dropFirst(6)).trimmingCharacters(in: .whitespaces)
        }
        for label in Labels.name where lower.hasPrefix(label) {
            let after = lower.dropFirst(label.count)
            guard after.isEmpty || !after.first!.isLetter else { continue }
            if label == "re", !after.hasPrefix(":") { continue }  // `Re:` in a letter, not a word starting "re"
            return String(line.dropFirst(label.count)).trimmingCharacters(in: CharacterSet(charactersIn: " :.-;"))
        }
        return nil
    }

    /// The text after a label that names both parts in the order the value gives them (`Surname, Forename(s):
    /// Edwards, Brian`, `SURNAME/FORENAMES`): the value is `Surname, Given` (empty when it is on the next line).
    /// Nil when the line does not start with such a label.
    static func afterSurnameForenameLabel(_ line: String) -> String? {
        guard let rest = afterPartLabel(line, stems: surnameLabelStems) else { return nil }
        return afterPartLabel(rest, stems: forenameLabelStems)
    }

    /// `SURNAME, Firstname [Middle]` → `Firstname [Middle] Surname`. Strict (no label): the surname is in capitals
    /// and neither part holds a place or card word (`ST HELIER, Jersey` is an address).
    static func surnameFirst(_ text: String, strict: Bool) -> String? {
        var parts = text.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else { return nil }
        if strict {
            // OCR reads marks beside a band's name (`[a] PEREIRA, Dorothy`): the surname is the run of capitalised
            // words just before the comma.
            // A mark OCR read against a word (`«LE MAISTRE`) is no part of it.
            let words = parts[0].split(separator: " ").map { capitalisedLastLetters(capitalisedFirstLetter(trim(String($0)))) }
            let tail = words.reversed().prefix { w in w.count >= 2 && w.allSatisfy { $0.isUppercase || $0 == "-" || $0 == "'" } }
            parts[0] = tail.reversed().joined(separator: " ")
        }
        guard parts[0].count >= 2 else { return nil }
        // A cut line's last letters before a comma (`ON, Thomas` from `THOMPSON, Thomas`) read as a short word.
        if strict, shortWordsNeverSurnames.contains(parts[0].lowercased()) { return nil }
        let surnameCaps = parts[0].allSatisfy { $0.isUppercase || $0 == "-" || $0 == "'" || $0 == " " }
        guard !strict || surnameCaps else { return nil }
        // What follows the first name on a label (`(M)`, a date) is not part of it, nor is the next column's label
        // on a band's line (`MURPHY, Abigail Date of Birth: …`, OCR's `DUNMORE, IMOGEN bate of birth`): a card
        // word, or a word in small letters that is no particle, after the first.
        var firstPart: [Substring] = []
        for (k, word) in parts[1].split(separator: " ").enumerated() {
            guard word.allSatisfy({ $0.isLetter || "-'’.".contains($0) }) else { break }
            if k > 0, notNameWords.contains(word.lowercased()) || isBirthLabel(word)
                || word.first!.isLowercase && !particles.contains(String(word)) { break }
            firstPart.append(word)
        }
        // Middle initials after the first name (`EXAMPLE, Alex J`) are kept: here they do not end the whole name.
        let initials = firstPart.reversed().prefix { w in
            let bare = w.hasSuffix(".") ? w.dropLast() : w[...]
            return bare.count == 1 && bare.first!.isUppercase
        }.reversed().map(String.init)
        guard let surname = cleanName(parts[0], allowVocabulary: !strict, capitalSurname: true),
              let given = cleanName(firstPart.dropLast(initials.count).joined(separator: " "), allowVocabulary: !strict),
              given.first?.isUppercase == true else { return nil }
        let first = ([given] + initials.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }).joined(separator: " ")
        return first + " " + (surnameCaps ? titleCased(surname) : surname)
    }

    /// A word cased as names are printed: in capitals (`EXAMPLE`), or a capital and small letters (`Example`), with
    /// one more capital after a short prefix (`McExample`, `MacExample`, `DeExample`, `FitzExample`); each part of
    /// `Sample-Smith` and `O'Neill` alike. OCR's garbled or upside-down words are cased otherwise (`CeRISTOPEEe`,
    /// `ObZZ`), and a line of them passed for a name.
    static func isCasedAsAName(_ word: String) -> Bool {
        word.split(whereSeparator: { $0 == "-" || $0 == "'" }).allSatisfy { part in
            if part.allSatisfy(\.isUppercase) { return true }
            guard part.first!.isUppercase else { return false }
            if surnamePrefixInSmallLetters(part) { return true }
            let capitals = part.indices.filter { part[$0].isUppercase }
            guard capitals.count <= 2 else { return false }
            guard capitals.count == 2, let second = capitals.last else { return true }
            // The second capital starts a name of its own (two letters at least) after a prefix of up to four
            // letters: `McDonald`, `DeSouza`, `ONeill` with its apostrophe lost; not a label's capitals and a slip
            // (`Patient IDs 5395917`, `Patient EDs`: a wristband's `Patient ID:` read as a name).
            let prefixLength = part.distance(from: part.startIndex, to: second)
            return prefixLength <= 4 && part.distance(from: second, to: part.endIndex) >= 3
        }
    }

    /// A word in capitals whose first letter OCR read small (`pEREIRA`, `sMITH`): the letters whose small and
    /// capital forms differ only in size (c, o, p, s, u, v, w, x, z) are told apart by their height alone, which a
    /// tilted or blurred line blurs. Other words come back as they are.
    static func capitalisedFirstLetter(_ word: String) -> String {
        guard word.count >= 3, let first = word.first, "copsuvwxz".contains(first),
              word.dropFirst().allSatisfy({ $0.isUppercase || $0 == "-" || $0 == "'" }),
              word.dropFirst().contains(where: \.isLetter) else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// A line that reads as a name once its first word is put right: a word of up to three small letters before two
    /// or more capitalised words is a mark OCR read as letters (`cos Rajesh McDonald`) and is dropped; a given name in
    /// small letters before a surname in capitals had its first letter read small (`connor LE FEUVRE`: c, o, p, s,
    /// u, v, w, x and z differ from their capitals by size alone) and gets its capital back. Other lines come back
    /// as they are. Callers hold the result to the unlabelled standard (and the given-name list).
    static func withoutLeadingJunk(_ line: String) -> String {
        let words = line.split(separator: " ")
        guard words.count >= 3, let first = words.first, first.allSatisfy(\.isLowercase) else { return line }
        let capitalised = words.dropFirst().prefix { $0.first?.isUppercase == true && $0.allSatisfy { $0.isLetter || $0 == "-" || $0 == "'" } }
        if first.count <= 3, capitalised.count >= 2 {
            return words.dropFirst().joined(separator: " ")
        }
        if first.count >= 3, "copsuvwxz".contains(first.first!), let next = capitalised.first, next.count >= 2,
           next.allSatisfy({ $0.isUppercase || $0 == "-" || $0 == "'" }) {
            return first.prefix(1).uppercased() + first.dropFirst() + " " + words.dropFirst().joined(separator: " ")
        }
        return line
    }

    /// A word in capitals whose last letter or two OCR read small (`THOMPSon`): four capitals or more, then at most
    /// two small letters, is a word in capitals (no name is cased so; `McDONALD`'s small letters come first).
    /// Other words come back as they are.
    static func capitalisedLastLetters(_ word: String) -> String {
        let capitals = word.prefix { $0.isUppercase || $0 == "-" || $0 == "'" }
        let rest = word.dropFirst(capitals.count)
        guard capitals.filter(\.isLetter).count >= 4, (1...2).contains(rest.count), rest.allSatisfy(\.isLowercase) else { return word }
        return word.uppercased()
    }

    /// A surname's particle as it is written, where the reader lost its mark: Irish `Ní` before a lenited surname
    /// (`NI BHRIAIN` → `NÍ BHRIAIN`: an `h` second, as lenition writes it; there is no unmarked `Ni` before one), and
    /// Italian `Dell'`/`Dall'` before the rest of the surname (`Dell Anno` → `Dell'Anno`: `dell`/`dall` are no
    /// words alone). Not the first word, which is the given name (`Dell` is one). Other names come back as they are.
    static func particlesMarked(_ name: String) -> String {
        var words = name.split(separator: " ").map(String.init)
        guard words.count >= 3 else { return name }
        var k = 1
        while k + 1 < words.count {
            let (word, next) = (words[k], words[k + 1])
            let lower = word.lowercased()
            if lower == "ni", next.count >= 3, next.dropFirst().first.map({ $0 == "h" || $0 == "H" }) == true {
                words[k] = word == "NI" ? "NÍ" : "Ní"
            } else if lower == "dell" || lower == "dall", next.first?.isUppercase == true, next.count >= 2 {
                words[k] = word + "'" + next
                words.remove(at: k + 1)
            }
            k += 1
        }
        return words.joined(separator: " ")
    }

    /// `O'NEILL` → `O'Neill`, `SAMPLE-SMITH` → `Sample-Smith`, `DE FREITAS` → `De Freitas`.
    static func titleCased(_ s: String) -> String {
        var out = ""
        var startOfPart = true
        for ch in s {
            out += startOfPart ? ch.uppercased() : ch.lowercased()
            startOfPart = ch == " " || ch == "-" || ch == "'"
        }
        return out
    }

    /// Letters, hyphens and apostrophes; initials (`J`, `J.`) and lower-case particles (`de la`) kept; titles
    /// dropped. One to five words, at least one of two letters or more. Words that are all from `notNameWords` are
    /// never a name; without `allowVocabulary`, one such word is enough to say it is not.
    /// `capitalSurname`: the last word may be one of `surnamesAmongWords` when it is in capitals and is either
    /// the whole reading (the surname part of `SURNAME, Firstname`) or follows a word that is not.
    /// A surname printed in capitals after its prefix in small letters, as a Mc or Mac name is (`MacKINNON`,
    /// `McDONALD`, `FitzGERALD`, `DeSOUZA`): the prefix one of `capitalisedPrefixes`, then three capitals or more.
    static func surnamePrefixInSmallLetters(_ part: Substring) -> Bool {
        guard let split = part.dropFirst().firstIndex(where: \.isUppercase),
              capitalisedPrefixes.contains(part[..<split].lowercased()), part.distance(from: split, to: part.endIndex) >= 3
        else { return false }
        return part[split...].allSatisfy(\.isUppercase)
    }
    static let capitalisedPrefixes: Set<String> = ["mc", "mac", "fitz", "de", "di", "da", "le", "la", "van", "von"]

    static func cleanName(_ s: String, allowVocabulary: Bool = true, capitalSurname: Bool = false) -> String? {
        // A quote mark OCR reads beside a word (`Sophie’`) is no apostrophe of the name.
        var words = s.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'’‘`")) }
            // A capital read small is mended before words run together are split (`BROwN` is no `BROw N`).
            .filter { !$0.isEmpty }.flatMap { splitRunTogether(sizeSlipsMended(capitalsMended($0))) }
        while let first = words.first, isTitle(first) {
            words.removeFirst()
        }
        // `Or` in front of two more words is OCR's `Dr`; in front of one, it is `Dr` with the surname lost
        // (`Dr Oscar Example` read as `Or Oscar`): no name.
        if words.count >= 3, words[0] == "Or" { words.removeFirst() }
        if words.count == 2, words[0] == "Or" { return nil }
        guard (1...5).contains(words.count) else { return nil }
        if !allowVocabulary {
            // A title after the first word (`ED Dr J Example`: a ward and its doctor) is not one person's name.
            guard !words.dropFirst().contains(where: { isTitle($0) || $0 == "Or" })
            else { return nil }
        }
        var kept: [String] = []
        var surnameWordKept = false
        for (index, w) in words.enumerated() {
            let bare = capitalsMended(w.hasSuffix(".") ? String(w.dropLast()) : w)
            guard !bare.isEmpty, bare.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "'" }), bare.first!.isLetter else { return nil }
            let surnameAllowed = capitalSurname && index == words.count - 1 && surnamesAmongWords.contains(bare.lowercased())
                && bare.allSatisfy(\.isUppercase) && (words.count == 1 || !words[0].allSatisfy(\.isUppercase))
            surnameWordKept = surnameWordKept || surnameAllowed
            if !allowVocabulary, !surnameAllowed, notNameWords.contains(bare.lowercased()) || isNamePartLabel(bare)
                || bare.count >= 6 && notNameStems.contains(where: bare.lowercased().hasPrefix) { return nil }
            // A field's label run into a word by a hyphen (`CAMPBELL NHS-No. 792…`, `DOB-12`): no part of a name.
            if !allowVocabulary, bare.contains("-"),
               bare.lowercased().split(separator: "-").contains(where: { BandName.hyphenedFields.contains(String($0)) }) { return nil }
            if bare.count == 1 {
                // An initial; first only after a label (`Name: A J Example`), never in an unlabelled reading.
                guard bare.first!.isUppercase, index > 0 || allowVocabulary else { return nil }
                kept.append(bare)
            } else if bare.first!.isUppercase {
                guard isCasedAsAName(bare) else { return nil }
                kept.append(bare)
            } else if particles.contains(bare), index > 0, index < words.count - 1 {
                kept.append(bare)
            } else {
                return nil
            }
        }
        guard kept.contains(where: { $0.count >= 2 }), kept.last!.count >= 2 else { return nil }
        // Even after a label, a run of card words (`NAME  DATE OF BIRTH`) is a header, not a name.
        guard !kept.allSatisfy({ notNameWords.contains($0.lowercased()) }) || surnameWordKept else { return nil }
        return kept.joined(separator: " ")
    }
}
