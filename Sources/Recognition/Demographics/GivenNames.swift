import CardModel
import Foundation

/// Given names people have (~33,600, lower case): a line read as a name with no label in front of it must start with
/// one, so that a shop's, a street's or a program's words in large type (`Seaside Bakery`, `Northbridge Libraries`,
/// `PIANO LESSONS`) are not offered as the holder's name (issue 38).
///
/// The list is Jörg Michael's `nam_dict.txt` (GNU Free Documentation License 1.2, in the PyPI wheel gender-guesser
/// 0.4.0) with given names common in the UK today that it lacks, made by `Scripts/convert-given-names`; not in git:
/// `Scripts/setup` fetches it into the models folder beside the text-line model. Without it names are found as
/// they were before it (no lexicon check), and `installed` is nil.
public struct GivenNames: Sendable {
    public static let fileName = "given-names.txt"

    private let names: Set<String>

    public init(_ names: some Sequence<String>) { self.names = Set(names.map { $0.lowercased() }) }

    /// Whether `word` is a given name (any case; a hyphenated one when each part is: `Mary-Jane`).
    public func contains(_ word: some StringProtocol) -> Bool {
        let lower = word.lowercased()
        return names.contains(lower) || lower.contains("-") && lower.split(separator: "-").allSatisfy { names.contains(String($0)) }
    }

    /// The list in the models folder (`ModelsFolder`; with `none`, which turns the text-line detector off, the
    /// default folder), read once; nil when it is not there.
    public static let installed: GivenNames? = {
        let folder = ModelsFolder.configured() ?? ModelsFolder.defaultPath
        guard let text = try? String(contentsOfFile: (folder as NSString).appendingPathComponent(fileName), encoding: .utf8)
        else { return nil }
        let names = text.split(separator: "\n").map(String.init)
        return names.count > 1000 ? GivenNames(names) : nil
    }()
}
