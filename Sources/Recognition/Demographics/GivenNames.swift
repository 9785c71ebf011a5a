import CardModel
import Foundation

/// Given names people have (~38,800, lower case; with their accents, and western European ones also without them):
/// a line read as a name with no label in front of it must start with one, so that a shop's, a street's or a
/// program's words in large type (`Seaside Bakery`, `Northbridge Libraries`, `PIANO LESSONS`) are not offered as the
/// holder's name (issue 38).
///
/// The list is Jörg Michael's `nam_dict.txt` (GNU Free Documentation License 1.2, in the PyPI wheel gender-guesser
/// 0.4.0) with given names common in the UK today that it lacks, made by `Scripts/convert-given-names`; not in git:
/// `Scripts/setup` fetches it into the models folder beside the text-line model; the front end hands it in
/// (`SuggestionBuilder`'s `givenNames`). Without it names are found with no lexicon check.
public struct GivenNames: Sendable {
    public static let fileName = "given-names.txt"

    private let names: Set<String>

    public init(_ names: some Sequence<String>) { self.names = Set(names.map { $0.lowercased() }) }

    /// Whether `word` is a given name (any case; a hyphenated one when each part is: `Mary-Jane`).
    public func contains(_ word: some StringProtocol) -> Bool {
        let lower = word.lowercased()
        return names.contains(lower) || lower.contains("-") && lower.split(separator: "-").allSatisfy { names.contains(String($0)) }
    }

    /// Letters OCR reads in place of another in a name (`Monammed` for `Mohammed`, `Rache!` for `Rachel`), the
    /// marks it reads for an `l`, and a ligature the recogniser reads for two letters printed close (`Adæze` for
    /// `Adaeze`: its character list has `æ` and `œ`).
    static let slips: [(read: String, meant: String)] = [
        ("n", "h"), ("h", "n"), ("c", "e"), ("e", "c"), ("l", "i"), ("i", "l"), ("u", "n"), ("n", "u"), ("o", "a"),
        ("a", "o"), ("b", "h"), ("h", "b"), ("rn", "m"), ("m", "rn"), ("cl", "d"), ("!", "l"), ("|", "l"), ("1", "l"),
        ("æ", "ae"), ("œ", "oe"),
    ]

    /// The given name `word` reads as with one OCR slip (`slips`) put right, when `word` is no given name and exactly
    /// one such change makes one; in `word`'s case (`MONAMMED` → `MOHAMMED`). Nil otherwise.
    public func repairing(_ word: String) -> String? {
        guard word.count >= 3, !contains(word) else { return nil }
        let lower = word.lowercased()
        var found = Set<String>()
        for (read, meant) in Self.slips {
            var start = lower.startIndex
            while let range = lower.range(of: read, range: start..<lower.endIndex) {
                let candidate = lower.replacingCharacters(in: range, with: meant)
                if names.contains(candidate) { found.insert(candidate) }
                start = lower.index(after: range.lowerBound)
            }
        }
        guard found.count == 1, let name = found.first else { return nil }
        if word.allSatisfy({ !$0.isLetter || $0.isUppercase }) { return name.uppercased() }
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The list `Scripts/setup` put in `folder` (the models folder, `ProcessSettings.listsFolder`), read once per
    /// folder and process; nil when it is not there.
    public static func installed(in folder: String) -> GivenNames? {
        loaded.lock.lock(); defer { loaded.lock.unlock() }
        if let known = loaded.lists[folder] { return known }
        let list = read(folder: folder)
        loaded.lists[folder] = .some(list)
        return list
    }

    private static func read(folder: String) -> GivenNames? {
        guard let text = try? String(contentsOfFile: (folder as NSString).appendingPathComponent(fileName), encoding: .utf8)
        else { return nil }
        let names = text.split(separator: "\n").map(String.init)
        return names.count > 1000 ? GivenNames(names) : nil
    }

    /// The lists read so far, by folder (a session, a batch and its pipelines share one copy).
    private final class Loaded: @unchecked Sendable {
        let lock = NSLock()
        var lists: [String: GivenNames?] = [:]
    }
    private static let loaded = Loaded()
}
