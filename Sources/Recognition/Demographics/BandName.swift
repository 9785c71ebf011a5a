/// A name printed over two lines, surname first, each part at the start of its line with the band's other fields
/// after it: a wristband's or a label's `MARSH   NHS: 483 604 3441` over `Noah`, `FALLE` over `Siobhan (Dr)
/// Hospital URN: J154939`, `LE SUEUR DOB/Age: 1957-06-16` over `Joan (Miss)`. Neither line is a name by itself
/// (a word in capitals beside a label; a given name alone), so neither the labelled nor the unlabelled rules see it.
///
/// The surname: the line's leading words in capitals (a word of several only after particles, `LE`, `NI`, `DE`),
/// at least three letters, then nothing or the next field (a word with a colon, a digit or a slash, or a field's abbreviation).
/// The given name (three letters at least): the first word of a line beside it in the same column, in small letters after its capital (the
/// surname's capitals tell the parts apart; `SAVE 2.00` under a shop's name in capitals is no given name), then
/// nothing, a title in brackets, or the next field. The caller holds the given name to the list of given names.
enum BandName {
    /// The surname that starts `line` before the next field, or nil.
    static func surname(_ line: String) -> String? {
        let words = joiningSpacedMarks(line.split(separator: " ").map(String.init))
        var surname: [String] = []
        for word in words {
            let bare = word.trimmingCharacters(in: .punctuationCharacters.subtracting(.init(charactersIn: "'-")))
            if isField(word) { break }
            guard bare.count >= 2, inCapitals(bare), bare == word else { break }
            surname.append(bare)
        }
        let rest = words.dropFirst(surname.count)
        guard !surname.isEmpty, rest.first.map(isField) ?? true || fieldSoonAfter(rest),
              surname.joined().filter(\.isLetter).count >= 3,
              !surname.contains(where: { fieldWords.contains($0.lowercased()) || NameFinder.notNameWords.contains($0.lowercased()) }),
              surname.dropLast().allSatisfy({ surnamePrefixes.contains($0.lowercased()) }) else { return nil }
        return surname.joined(separator: " ")
    }

    /// A surname's word in capitals, a prefix printed as the name is spelled included (`McALLISTER`, `MacLEOD`,
    /// `DeSOUZA`: `NameFinder.surnamePrefixInSmallLetters`).
    static func inCapitals(_ word: String) -> Bool {
        word.allSatisfy { $0.isUppercase || $0 == "-" || $0 == "'" } || NameFinder.surnamePrefixInSmallLetters(Substring(word))
    }

    /// The given name that starts `line`, with its title in brackets or the next field after it, or nil.
    static func given(_ line: String) -> String? {
        // A mark read before the band's print (`= Samuel`) is no part of it.
        var words = line.split(separator: " ").map(String.init).drop { !$0.contains(where: \.isLetter) }.map { $0 }
        // A given name the reader spaced apart (`Ham i sh (Mr )`): its pieces in small letters of one or two, no
        // particle, joined to it. The caller holds the join to the list of given names.
        while words.count >= 2, words[0].first?.isUppercase == true, (1...2).contains(words[1].count),
              words[1].allSatisfy(\.isLowercase), !NameFinder.particles.contains(words[1]) {
            words[0] += words.remove(at: 1)
        }
        guard let first = words.first, first.count >= 3, first.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "'" }),
              first.first!.isUppercase, first.contains(where: \.isLowercase), NameFinder.isCasedAsAName(first) else { return nil }
        var rest = words.dropFirst()
        // `(Dr)`, `(Mr )` read as two words, `(Miss)`.
        if let next = rest.first, next.hasPrefix("(") {
            let title = rest.prefix { !$0.contains(")") } + rest.drop { !$0.contains(")") }.prefix(1)
            guard NameFinder.isTitle(title.joined().filter(\.isLetter)) else { return nil }
            rest = rest.dropFirst(title.count)
        }
        guard rest.first.map(isField) ?? true else { return nil }
        return first
    }

    /// The next field a few words after a surname, past words the reader garbled (`NI BHRIAIN DAs Nurber is 423 38s
    /// 0841`: the band's `NHS Number is` misread): the first word is not in capitals (a heading's next word would be),
    /// and a field starts within the next four.
    static func fieldSoonAfter(_ rest: ArraySlice<String>) -> Bool {
        guard let first = rest.first, !first.allSatisfy({ $0.isUppercase || !$0.isLetter }) else { return false }
        return rest.prefix(4).contains(where: isField)
    }

    /// Words with an apostrophe or a hyphen the reader spaced apart put back together (`DELL ' ANNO` →
    /// `DELL'ANNO`, `OWUSU - ANSAH` → `OWUSU-ANSAH`), when the words on both sides are in capitals; so is a mark
    /// the reader spaced off one side only (`DELL 'ANNO`, `OWUSU- ANSAH`: PP-OCRv6's tiny recogniser spaces an
    /// apostrophe that way).
    static func joiningSpacedMarks(_ words: [String]) -> [String] {
        var out: [String] = []
        var k = 0
        func capitals(_ w: some StringProtocol) -> Bool {
            w.contains(where: \.isLetter) && w.allSatisfy { $0.isUppercase || $0 == "'" || $0 == "-" }
        }
        func mark(_ c: Character?) -> String? { c.flatMap { ["'": "'", "’": "'", "-": "-"][$0] } }
        while k < words.count {
            let word = words[k]
            if let before = out.last, capitals(before), mark(before.last) == nil {
                if word.count == 1, let m = mark(word.first), k + 1 < words.count, capitals(words[k + 1]), mark(words[k + 1].first) == nil {
                    out[out.count - 1] = before + m + words[k + 1]
                    k += 2
                    continue
                }
                if word.count >= 3, let m = mark(word.first), capitals(word.dropFirst()), mark(word.dropFirst().first) == nil {
                    out[out.count - 1] = before + m + word.dropFirst()
                    k += 1
                    continue
                }
            }
            if let before = out.last, before.count >= 3, let m = mark(before.last), capitals(before.dropLast()),
               capitals(word), mark(word.first) == nil {
                out[out.count - 1] = before.dropLast() + m + word
                k += 1
                continue
            }
            out.append(word)
            k += 1
        }
        return out
    }

    /// A word that starts a band's next field: a label's colon, a value's digit or slash, or a field's abbreviation.
    static func isField(_ word: String) -> Bool {
        let lower = word.lowercased().trimmingCharacters(in: .punctuationCharacters)
        // An abbreviation joined to the next word by a hyphen (`NHS-No.`); not a surname's part (`WARD-SMITH`).
        return word.contains { $0.isNumber || $0 == ":" || $0 == "/" || $0 == "#" }
            || fieldWords.contains(lower) || lower.split(separator: "-").first.map { hyphenedFields.contains(String($0)) } == true
    }

    /// The words a surname of more than one word starts with (`LE SUEUR`, `NI BHRIAIN`, `DE LA HAYE`): a heading in
    /// capitals (`BLOOD TRANSFUSION REQUEST`) is no surname.
    static let surnamePrefixes = NameFinder.particles.union(["ni", "nic", "mac", "mc", "o", "st", "ap", "ab", "ó", "ní"])

    static let hyphenedFields: Set<String> = ["nhs", "dob", "hosp", "mrn", "urn", "crn", "pas", "chi"]

    static let fieldWords: Set<String> = ["nhs", "dob", "d.o.b", "born", "age", "urn", "mrn", "crn", "pas", "hosp", "hospital",
                                          "trust", "unit", "jgh", "pegh", "id", "no", "ref", "chi", "h&c", "sex", "gender", "ward"]
}
