import CardModel
import Foundation

/// Finds dates in OCR text in the forms printed on cards: `14/07/1945`, `14.07.1945`, `14-07-1945`,
/// `14-Jul-1945` (wristbands), `14 July 1945`, `14th July 1945`, `1945-07-14`, and after a birth label `14/07/45`;
/// and gives each date the role of the label in front of it on its line (`DOB: 01/02/1980 Issued: 03/04/2020` is
/// one date of birth and one issue date).
public enum DateFinder {
    public enum Role: Sendable, Equatable { case dateOfBirth, expiryOrIssue, unlabelled }

    public struct Match: Hashable, Sendable {
        public let date: SimpleDate
        public let role: Role
        /// True when OCR slips in its digits were corrected to read it (only after a birth label).
        public var repaired = false

        public init(date: SimpleDate, role: Role, repaired: Bool = false) {
            self.date = date; self.role = role; self.repaired = repaired
        }
    }

    /// A two-digit ordinal day OCR split at a gap between its digits (`1 8th Feb 1980` for `18th Feb 1980`): the
    /// digits joined when the joined day takes that ordinal's suffix (18th, 21st, 22nd, 23rd, 31st) and a month
    /// name follows. A day of one digit after another number keeps its own suffix only where the joined one would not
    /// fit (`1 3rd`: 13 takes `th`, so it stays apart).
    static func ordinalDayJoined(_ lower: String) -> String {
        // Every line of a card passes here, often more than once: the expression runs only where a digit, a space
        // and a digit meet.
        let chars = Array(lower.utf8)
        guard let split = ordinalSplit,
              chars.indices.dropFirst().dropLast().contains(where: { chars[$0] == 0x20 && (0x30...0x39).contains(chars[$0 - 1])
                                                                      && (0x30...0x39).contains(chars[$0 + 1]) })
        else { return lower }
        var text = lower
        for match in split.matches(in: lower, range: NSRange(lower.startIndex..., in: lower)).reversed() {
            guard let tens = Range(match.range(at: 1), in: lower),
                  let units = Range(match.range(at: 2), in: lower), let suffix = Range(match.range(at: 3), in: lower),
                  let day = Int(lower[tens] + lower[units]), (10...31).contains(day), ordinalSuffix(day) == lower[suffix],
                  let replaced = Range(match.range, in: text) else { continue }
            text.replaceSubrange(replaced, with: lower[tens] + lower[units] + lower[suffix])
        }
        return text
    }

    private static let ordinalSplit = try? NSRegularExpression(
        pattern: #"(?<![0-9])([1-3]) ([0-9])(st|nd|rd|th)(?= ?(?:of )?[a-z]{3})"#)

    static func ordinalSuffix(_ day: Int) -> String {
        if (11...13).contains(day % 100) { return "th" }
        switch day % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }

    /// At most this many characters are repaired in one date of birth.
    public static let maxRepairs = 2

    /// Labels in the line with their roles and where they end, in order, longest labels taking their words first.
    static func labels(in lower: [Character]) -> [(start: Int, end: Int, role: Role)] {
        var found: [(Int, Int, Role)] = []
        var taken = Set<Int>()
        let all = (Labels.dateOfBirth.map { ($0, Role.dateOfBirth) } + Labels.otherDates.map { ($0, Role.expiryOrIssue) })
            .sorted { $0.0.count > $1.0.count }
        for (label, role) in all {
            let l = Array(label)
            var i = 0
            while i + l.count <= lower.count {
                if Array(lower[i..<(i + l.count)]) == l,
                   i == 0 || !lower[i - 1].isLetter, i + l.count == lower.count || !lower[i + l.count].isLetter,
                   !(i..<(i + l.count)).contains(where: taken.contains) {
                    found.append((i, i + l.count, role))
                    taken.formUnion(i..<(i + l.count))
                    i += l.count
                } else {
                    i += 1
                }
            }
        }
        // `Date of birth` with a slip in `birth` (`Date of Hirth`, `Date of Birtn`): without this the bare `date`
        // made its date an issue date. Two slips where the word keeps `birth`'s start or end (`Date of beth`,
        // `Date of Herth`): no other date a card prints is of a word like that (`death` is three away).
        let text = String(lower)
        var offset = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let start = offset
            offset += word.count + 1
            let bare = String(word.prefix(while: \.isLetter))
            let slipped = WordSlip.oneEditApart(bare, "birth")
                || (bare.hasPrefix("b") || bare.hasSuffix("th")) && WordSlip.editDistance(bare, "birth", limit: 2) <= 2
            guard bare.count >= 4, bare != "birth", bare.count >= word.count - 1, slipped,
                  start >= 3, String(lower[(start - 3)..<start]) == "of ",
                  !(start..<(start + word.count)).contains(where: taken.contains) else { continue }
            found.append((start, start + word.count, .dateOfBirth))
        }
        offset = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let start = offset
            offset += word.count + 1
            let bare = String(word.prefix(while: \.isLetter))
            guard bare.count >= 7, !(start..<(start + bare.count)).contains(where: taken.contains),
                  Labels.otherDatesOneSlipAway.contains(where: { WordSlip.oneEditApart(bare, $0) }) else { continue }
            found.append((start, start + bare.count, .expiryOrIssue))
        }
        // OCR's `Date` at the start of a letter's date line (`Oate 24 January 2025`, `Dato: 16 July 2024`): one of
        // its look-alike letters changed, a date following.
        if lower.count > 5, found.isEmpty || found[0].0 > 0, isDateLookAlike(lower[0..<4]), !lower[4].isLetter,
           lower[4...].drop(while: { $0 == " " || $0 == ":" || $0 == "." }).first?.isNumber == true {
            found.append((0, 4, .expiryOrIssue))
        }
        return found.sorted { $0.0 < $1.0 }.map { (start: $0.0, end: $0.1, role: $0.2) }
    }

    /// `date` with one letter read as a look-alike: `d` as `o`, `0`, `c` or `b`; `t` as `f` or `i`; `e` as `o`, `c` or
    /// `a`. (`Dave` and `Dale` are not: `v` and `l` are no look-alikes of `t`.)
    static func isDateLookAlike(_ word: ArraySlice<Character>) -> Bool {
        let options: [Set<Character>] = [["d", "o", "0", "c", "b"], ["a"], ["t", "f", "i"], ["e", "o", "c", "a"]]
        let w = Array(word)
        guard w.count == 4, w != Array("date"), zip(w, options).allSatisfy({ $1.contains($0) }) else { return false }
        return zip(w, "date").filter { $0 != $1 }.count == 1
    }

    /// The dates in a line, each with the role of the nearest label before it on the line; dates before any label
    /// take `inherited` (the role of a label line just above, see `labelRole(of:)`).
    public static func find(in text: String, inherited: Role = .unlabelled, today: SimpleDate = .today) -> [Match] {
        let lower = Array(text.lowercased())
        let found = labels(in: lower)
        var segments: [(Range<Int>, Role)] = []
        var start = 0
        var role = inherited
        for label in found {
            if label.start > start { segments.append((start..<label.start, role)) }
            role = label.role
            start = label.end
        }
        if start < lower.count { segments.append((start..<lower.count, role)) }
        let original = Array(text)
        return segments.flatMap { range, role -> [Match] in
            // After a birth label, a day read as two digits a space apart (`DOB: 1 6-Apr-2013`): the date as read
            // would be the 6th, a day the card never printed.
            if role == .dateOfBirth, original.count == lower.count, let joined = dayReadApart(String(original[range])) {
                let rejoined = dates(in: joined.lowercased(), twoDigitYears: true, today: today)
                if !rejoined.isEmpty { return rejoined.map { Match(date: $0, role: role, repaired: true) } }
            }
            let found = dates(in: String(lower[range]), twoDigitYears: role == .dateOfBirth, today: today).map { Match(date: $0, role: role) }
            // After a birth label, a date may be read with slips in its numbers (`3i-JAN-1957`, `O8/O8/1991`), or in
            // its day or month past the digit table (`OB-Oct-2007`, `80-Jan-1996`, `16-sun-2020`: `DayAndMonthRepair`).
            // Not without a label: a letter's `44 apt 2024` became a birth date, 14 April 2024 (cards-dev2).
            // With no birth label, only a month's name with one slip between two separators (`30-Jam.1996`), or
            // after an ordinal day with a stroke lost (`16ln Jar 1967`).
            if found.isEmpty, role == .unlabelled, original.count == lower.count,
               let mended = DayAndMonthRepair.repaired(String(original[range]), unlabelled: true) {
                return dates(in: mended.lowercased(), twoDigitYears: false, today: today).map { Match(date: $0, role: role, repaired: true) }
            }
            guard found.isEmpty, role == .dateOfBirth, original.count == lower.count else { return found }
            let text = String(original[range])
            for repaired in [repairingDigits(text), DayAndMonthRepair.repaired(text)].compactMap({ $0 }) {
                let dates = dates(in: repaired.lowercased(), twoDigitYears: true, today: today)
                if !dates.isEmpty { return dates.map { Match(date: $0, role: role, repaired: true) } }
            }
            return found
        }
    }

    /// The text after a label with its first two single digits joined, when it starts with a digit, a space and a
    /// digit followed by a date separator (`: 1 6-Apr-2013` → `: 16-Apr-2013`); nil otherwise.
    static func dayReadApart(_ text: String) -> String? {
        let chars = Array(text)
        guard let k = chars.firstIndex(where: { !" :;.".contains($0) }), k + 3 < chars.count,
              DigitRepair.isDigit(chars[k]), chars[k + 1] == " ", DigitRepair.isDigit(chars[k + 2]), "/.-".contains(chars[k + 3])
        else { return nil }
        return String(chars[..<(k + 1)] + chars[(k + 2)...])
    }

    /// The text with slips (`DigitRepair`'s table) replaced in words that are otherwise digits (`3i` → `31`,
    /// `l982` → `1982`; `Jul` and `1st` untouched), or nil when nothing changed or more than `maxRepairs` would.
    /// A space OCR put inside a number between date separators (`09/1 1/1975`) is taken out, as one slip. So are
    /// a separator read as a comma (`28,10.1944`) and one lost between day and month (`0204/1937`), each one slip.
    static func repairingDigits(_ text: String) -> String? {
        let (separated, separatorSlips) = separatorsRepaired(text)
        var chars = Array(separated), changes = separatorSlips
        var k = 1
        while k + 3 < chars.count {
            if "/.-".contains(chars[k - 1]), chars[k].isNumber, chars[k + 1] == " ", chars[k + 2].isNumber, "/.-".contains(chars[k + 3]) {
                chars.remove(at: k + 1)
                changes += 1
            }
            k += 1
        }
        func digits(_ from: Int, _ count: Int) -> Bool {
            from >= 0 && from + count <= chars.count && chars[from..<(from + count)].allSatisfy { $0.isASCII && $0.isNumber }
                && (from + count == chars.count || !chars[from + count].isNumber) && (from == 0 || !chars[from - 1].isNumber)
        }
        // Day, month and year with one separator read as a comma: the other separator says which it was.
        for k in chars.indices where chars[k] == "," {
            for (day, month) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
                let before = k - day
                if digits(before, day), digits(k + 1, month), k + 1 + month < chars.count,
                   "/.-".contains(chars[k + 1 + month]), digits(k + 2 + month, 4) {
                    chars[k] = chars[k + 1 + month]; changes += 1; break
                } else if digits(k + 1, 4), k - day - 1 - month >= 0, digits(k - month, month), "/.-".contains(chars[k - month - 1]),
                          digits(k - month - 1 - day, day) {
                    chars[k] = chars[k - month - 1]; changes += 1; break
                }
            }
        }
        // Day and month run together before the year's separator (`0204/1937`): four digits, a separator, a year.
        var j = 0
        while j + 9 <= chars.count {
            if digits(j, 4), "/.-".contains(chars[j + 4]), digits(j + 5, 4) {
                chars.insert(chars[j + 4], at: j + 2); changes += 1; j += 10
            } else {
                j += 1
            }
        }
        var out = "", word: [Character] = []
        func flush() {
            defer { word = [] }
            let isSlip: (Character) -> Bool = { !($0.isASCII && $0.isNumber) && DigitRepair.candidates(for: $0) != nil }
            guard word.contains(where: { $0.isASCII && $0.isNumber }), word.contains(where: isSlip),
                  word.allSatisfy({ ($0.isASCII && $0.isNumber) || isSlip($0) }) else { out += String(word); return }
            for c in word {
                if isSlip(c), let d = DigitRepair.candidates(for: c)?.first { out.append(d); changes += 1 } else { out.append(c) }
            }
        }
        for c in chars {
            if c.isLetter || c.isNumber || DigitRepair.candidates(for: c) != nil && !"/.-".contains(c) { word.append(c) } else { flush(); out.append(c) }
        }
        flush()
        return (1...maxRepairs).contains(changes) ? out : nil
    }

    /// Separators misread in a date: a comma or `=` for one (`13, 01.1952`, `09-Oct=1942`, both read as commas:
    /// `13,01, 1952`) becomes the date's other separator (`/` when neither is one), spaces around it dropped; and
    /// the two slashes of `dd/mm/yyyy` read as `7` or `1` (`0170172010`) are put back. Each separator put back is one
    /// slip. The text unchanged and 0 when no date shape fits.
    /// Day, month (digits or a word) and year with any separators, compiled once.
    static let separatedDates: [NSRegularExpression] = [
        #"(?<![0-9])([0-9]{1,2})\s*([/.,=-])\s*([0-9]{1,2})\s*([/.,=-])\s*([0-9]{4})(?![0-9])"#,
        #"(?<![0-9])([0-9]{1,2})\s*([/.,= -])\s*([A-Za-z]{3,9})\s*([/.,= -])\s*([0-9]{4})(?![0-9])"#,
    ].compactMap { try? NSRegularExpression(pattern: $0) }
    static let slashesReadAsDigits =
        try? NSRegularExpression(pattern: #"(?<![0-9])([0-9]{2})[71]([0-9]{2})[71]((?:19|20)[0-9]{2})(?![0-9])"#)

    static func separatorsRepaired(_ text: String) -> (String, Int) {
        var out = text, slips = 0
        let misread: Set<Character> = [",", "="]
        for regex in separatedDates {
            for match in regex.matches(in: out, range: NSRange(out.startIndex..., in: out)).reversed() {
                func group(_ i: Int) -> String { Range(match.range(at: i), in: out).map { String(out[$0]) } ?? "" }
                let separators = [group(2), group(4)].map { Character($0) }
                let bad = separators.filter { misread.contains($0) }.count
                guard bad > 0, let whole = Range(match.range, in: out) else { continue }
                let proper = separators.first { !misread.contains($0) && $0 != " " } ?? "/"
                let fixed = separators.map { misread.contains($0) ? proper : $0 }
                out.replaceSubrange(whole, with: group(1) + String(fixed[0]) + group(3) + String(fixed[1]) + group(5))
                slips += bad
            }
        }
        if let regex = slashesReadAsDigits {
            for match in regex.matches(in: out, range: NSRange(out.startIndex..., in: out)).reversed() {
                guard let whole = Range(match.range, in: out) else { continue }
                let digits = Array(out[whole])
                out.replaceSubrange(whole, with: String(digits[0..<2]) + "/" + String(digits[3..<5]) + "/" + String(digits[6...]))
                slips += 2
            }
        }
        return (out, slips)
    }

    /// The role a line that is only a label gives the line below (`DATE OF BIRTH` above `12/09/1984`), or nil
    /// when the line has a date of its own or no date label.
    public static func labelRole(of line: String) -> Role? {
        let lower = line.lowercased()
        guard dates(in: lower, twoDigitYears: false, today: .today).isEmpty else { return nil }
        let chars = Array(lower)
        let found = labels(in: chars)
        if found.contains(where: { $0.role == .dateOfBirth }) { return .dateOfBirth }
        // A bare `Date` above a value may be OCR's half of `Date of birth` (`Date` then `of birth` on lines of
        // their own): only a specific label is passed down; but a line that is `Date` and nothing else is a
        // letter's own date over its value (cards-dev3 0032 and 0098, appointment letters: `Date` over
        // `20th August 2024`, offered as the holder's birth date before).
        if lower.filter(\.isLetter) == "date", lower.allSatisfy({ $0.isLetter || " :.".contains($0) }) { return .expiryOrIssue }
        let specific = found.filter { String(chars[$0.start..<$0.end]) != "date" }
        return specific.isEmpty ? nil : .expiryOrIssue
    }

    /// Every date in the text, in order.
    static func dates(in lower: String, twoDigitYears: Bool = false, today: SimpleDate = .today) -> [SimpleDate] {
        // Tokens: digit runs and letter runs, with the separators between them.
        var tokens: [String] = []
        var current = ""
        func flush() { if !current.isEmpty { tokens.append(current); current = "" } }
        for ch in ordinalDayJoined(lower) {
            if ch.isNumber || ch.isLetter {
                if let last = current.last, last.isNumber != ch.isNumber { flush() }
                current.append(ch)
            } else {
                flush()
                tokens.append(String(ch))
            }
        }
        flush()
        // Drop spaces next to separators so "14 / 07 / 1945" reads; keep single spaces as separators.
        let words = tokens.filter { $0 != " " }
        var found: [SimpleDate] = []
        var i = 0
        while i < words.count {
            if let (date, used) = date(at: i, words, twoDigitYears: twoDigitYears, today: today) { found.append(date); i += used } else { i += 1 }
        }
        return found
    }

    private static func date(at i: Int, _ w: [String], twoDigitYears: Bool, today: SimpleDate) -> (SimpleDate, Int)? {
        func number(_ k: Int) -> Int? { k < w.count && w[k].allSatisfy(\.isNumber) ? Int(w[k]) : nil }
        func isSep(_ k: Int) -> Bool { k < w.count && ["/", ".", "-"].contains(w[k]) }
        func month(_ k: Int) -> Int? {
            guard k < w.count, w[k].count >= 3, w[k].allSatisfy(\.isLetter) else { return nil }
            return MonthNames.abbreviated.firstIndex(of: String(w[k].prefix(3))).map { $0 + 1 }
        }
        /// A four-digit year, or after a birth label a two-digit one (the century that puts it in the past).
        func year(_ k: Int) -> Int? {
            guard let y = number(k) else { return nil }
            if w[k].count == 4 { return y }
            guard twoDigitYears, w[k].count == 2 else { return nil }
            return 2000 + y <= today.year ? 2000 + y : 1900 + y
        }
        // ISO: 1945-07-14
        if let y = number(i), w[i].count == 4, isSep(i + 1), let m = number(i + 2), isSep(i + 3), let d = number(i + 4),
           w[i + 4].count <= 2, let date = SimpleDate(year: y, month: m, day: d) { return (date, 5) }
        guard let d = number(i), w[i].count <= 2 else { return nil }
        // 14/07/1945, 14.07.1945, 14-07-1945 (day first: UK); and 15.10 1959, where OCR lost the second separator
        // of a small print (then a four-digit year only, so two numbers and a year that happen to stand in a row do
        // not read as a date).
        if isSep(i + 1), let m = number(i + 2), w[i + 2].count <= 2 {
            let separated = isSep(i + 3)
            let y = separated ? year(i + 4) : (i + 3 < w.count && w[i + 3].count == 4 ? number(i + 3) : nil)
            if let y, let date = SimpleDate(year: y, month: m, day: d) { return (date, separated ? 5 : 4) }
        }
        // 14-Jul-1945, 14 July 1945, 14th July 1945, 05-JAN 2016: day, optional ordinal, month, year.
        var k = i + 1
        if k < w.count, ["st", "nd", "rd", "th"].contains(w[k]) { k += 1 }
        if isSep(k) { k += 1 }
        if k < w.count, w[k] == "of" { k += 1 }  // 14th of July 1945
        guard let m = month(k) else { return nil }
        k += 1
        if isSep(k) { k += 1 }
        guard let y = year(k), let date = SimpleDate(year: y, month: m, day: d) else { return nil }
        return (date, k + 1 - i)
    }

    /// A date of birth is not in the future (a newborn's band carries today) and at most 120 years ago.
    public static func isPlausibleBirthDate(_ date: SimpleDate, today: SimpleDate) -> Bool {
        date <= today && date.age(on: today) <= 120
    }
}
