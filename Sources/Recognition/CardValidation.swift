import CardModel

/// Checks a card before it is saved: a card a person types in (`cards add`, `cards edit`, `review edit`) by the rules
/// its kind has, and a suggestion saved without a person typing it (`scan --save`, `import --accept auto`,
/// `camera --save`, `review accept`, `session --stdio` accept) for a test number. nil when it may be saved.
/// `--no-validate` exists for what the rules do not know, and to keep a test number.
public enum CardValidation {
    public static func refusal(name: String, number: String, category: String, region: Region?) -> CardRefusal? {
        let lowerName = name.lowercased()
        let compact = number.filter { !$0.isWhitespace && $0 != "-" }
        // Whole words: `Chiropractic Clinic` is not a CHI number.
        let words = Set(lowerName.split(whereSeparator: { !$0.isLetter && $0 != "&" }).map(String.init))
        if category.caseInsensitiveCompare(DefaultCategory.healthcare) == .orderedSame, region == .gb || region == nil,
           !words.isDisjoint(with: ["nhs", "chi", "h&c"]) || lowerName.contains("health and care number") {
            do throws(NHSNumber.Invalid) {
                if try NHSNumber.validate(compact).range == .test { return .testNumber }
            } catch .notTenDigits {
                return CardRefusal(.invalid, "an NHS number has 10 digits (e.g. 999 000 0018); got \(compact.count) characters")
            } catch {
                // The number itself is left out: refusals go to stderr, which may be logged.
                return CardRefusal(.invalid, "the NHS number \(error)")
            }
        }
        if lowerName.contains("social security") || words.contains("ssn") {
            switch region {
            case .je:
                guard case .jersey = try? SocialSecurityNumber.validate(compact) else {
                    return CardRefusal(.invalid, "a Jersey social security number is JY, six digits and a letter A–D (JY123456A)")
                }
            case .gg:
                guard case .guernsey = try? SocialSecurityNumber.validate(compact) else {
                    return CardRefusal(.invalid, "a Guernsey social security number is GY and six digits (GY123456)")
                }
            default: break
            }
        }
        return nil
    }

    /// A suggestion read from a photo or a camera is checked already (`valid`); what a save still refuses is an NHS
    /// number in the test range, which reads as valid so that synthetic cards work but was never issued.
    public static func refusal(saving suggestion: Suggestion) -> CardRefusal? {
        guard suggestion.type == .nhsNumber else { return nil }
        // The value and the card's number are the same digits; both are looked at so neither can slip through.
        let numbers = [suggestion.value, suggestion.card?.number].compactMap { $0 }
        let test = numbers.contains { NHSNumber(digits: $0.filter(\.isNumber))?.range == .test }
        return test ? .testNumber : nil
    }
}
