/// The verbs every identifier family offers, as python-stdnum's modules do, so each reads the same way:
/// - `compact`: the value as stored, from the value as typed or printed (no spaces or separators, upper case);
/// - `validate`: the value, or the typed reason it is not one (`Invalid`, whose description says it to a person);
/// - `format`: the value as it is printed on the card.
/// Finding a value in OCR text (look-alike slips, labels) is each family's finder's job, on top of these.
public protocol IdentifierFamily: Hashable, Sendable {
    associatedtype Invalid: Error, Equatable, CustomStringConvertible
    static func compact(_ text: String) -> String
    static func validate(_ text: String) throws(Invalid) -> Self
    /// As printed (`943 476 5919`, `JY 12 34 56 A`, `JE2 3AB`).
    var formatted: String { get }
}

extension IdentifierFamily {
    /// `text` as printed, or nil when it is no valid value of the family.
    public static func format(_ text: String) -> String? { (try? validate(text))?.formatted }
    /// Whether `text` is a valid value of the family.
    public static func isValid(_ text: String) -> Bool { (try? validate(text)) != nil }
    /// Why `text` is not a valid value (nil when it is one).
    public static func invalidity(of text: String) -> Invalid? {
        do throws(Invalid) { _ = try validate(text); return nil } catch { return error }
    }
}

extension String {
    /// Upper case, without spaces, dashes, dots or slashes: what `compact` does in every family.
    var compactedIdentifier: String {
        String(uppercased().filter { !$0.isWhitespace && !"-./".contains($0) })
    }
}
