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
        let words = line.split(separator: " ").map(String.init)
        var surname: [String] = []
        for word in words {
            let bare = word.trimmingCharacters(in: .punctuationCharacters.subtracting(.init(charactersIn: "'-")))
            if isField(word) { break }
            guard bare.count >= 2, bare.allSatisfy({ $0.isUppercase || $0 == "-" || $0 == "'" }), bare == word else { return nil }
            surname.append(bare)
        }
        let rest = words.dropFirst(surname.count)
        guard !surname.isEmpty, rest.first.map(isField) ?? true,
              surname.joined().filter(\.isLetter).count >= 3,
              !surname.contains(where: { fieldWords.contains($0.lowercased()) || NameFinder.notNameWords.contains($0.lowercased()) }),
              surname.dropLast().allSatisfy({ surnamePrefixes.contains($0.lowercased()) }) else { return nil }
        return surname.joined(separator: " ")
    }

    /// The given name that starts `line`, with its title in brackets or the next field after it, or nil.
    static func given(_ line: String) -> String? {
        let words = line.split(separator: " ").map(String.init)
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
