/// Finds dates in OCR text in the forms printed on cards: `14/07/1945`, `14.07.1945`, `14-07-1945`,
/// `14-Jul-1945` (wristbands), `14 July 1945`, `1945-07-14`; and says whether one reads as a date of birth.
public enum DateFinder {
    public enum Role: Sendable, Equatable { case dateOfBirth, expiryOrIssue, unlabelled }

    public struct Match: Hashable, Sendable {
        public let date: SimpleDate
        public let role: Role
    }

    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    static let birthLabels = ["dob", "d.o.b", "date of birth", "birth", "born", "d o b"]
    static let otherLabels = ["exp", "expiry", "expires", "valid", "issue", "issued", "until", "from", "date of issue", "start"]

    public static func find(in text: String) -> [Match] {
        let lower = text.lowercased()
        let role: Role
        if birthLabels.contains(where: { lower.contains($0) }) { role = .dateOfBirth }
        else if otherLabels.contains(where: { lower.contains($0) }) { role = .expiryOrIssue }
        else { role = .unlabelled }
        return dates(in: lower).map { Match(date: $0, role: role) }
    }

    /// Every date in the text, in order.
    static func dates(in lower: String) -> [SimpleDate] {
        // Tokens: digit runs and letter runs, with the separators between them.
        var tokens: [String] = []
        var current = ""
        func flush() { if !current.isEmpty { tokens.append(current); current = "" } }
        for ch in lower {
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
            if let (date, used) = date(at: i, words) { found.append(date); i += used } else { i += 1 }
        }
        return found
    }

    private static func date(at i: Int, _ w: [String]) -> (SimpleDate, Int)? {
        func number(_ k: Int) -> Int? { k < w.count && w[k].allSatisfy(\.isNumber) ? Int(w[k]) : nil }
        func isSep(_ k: Int) -> Bool { k < w.count && ["/", ".", "-"].contains(w[k]) }
        func month(_ k: Int) -> Int? {
            guard k < w.count, w[k].count >= 3, w[k].allSatisfy(\.isLetter) else { return nil }
            return months.firstIndex(of: String(w[k].prefix(3))).map { $0 + 1 }
        }
        // ISO: 1945-07-14
        if let y = number(i), w[i].count == 4, isSep(i + 1), let m = number(i + 2), isSep(i + 3), let d = number(i + 4),
           let date = SimpleDate(year: y, month: m, day: d) { return (date, 5) }
        // 14/07/1945, 14.07.1945, 14-07-1945 (day first: UK)
        if let d = number(i), w[i].count <= 2, isSep(i + 1), let m = number(i + 2), w[i + 2].count <= 2, isSep(i + 3),
           let y = number(i + 4), w[i + 4].count == 4, let date = SimpleDate(year: y, month: m, day: d) { return (date, 5) }
        // 14-Jul-1945
        if let d = number(i), w[i].count <= 2, isSep(i + 1), let m = month(i + 2), isSep(i + 3), let y = number(i + 4),
           w[i + 4].count == 4, let date = SimpleDate(year: y, month: m, day: d) { return (date, 5) }
        // 14 July 1945
        if let d = number(i), w[i].count <= 2, let m = month(i + 1), let y = number(i + 2), w[i + 2].count == 4,
           let date = SimpleDate(year: y, month: m, day: d) { return (date, 3) }
        return nil
    }

    /// A date of birth is in the past and at most 120 years ago.
    public static func isPlausibleBirthDate(_ date: SimpleDate, today: SimpleDate) -> Bool {
        date < today && date.age(on: today) <= 120
    }
}
