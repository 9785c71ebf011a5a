import CardModel

/// Checks a card a person types in (`cards add`, `cards edit`) by the rules its kind has; nil when it passes or
/// no rule applies. The refusal says what is wrong; `--no-validate` exists for what the rules do not know.
public enum CardValidation {
    public static func problem(name: String, number: String, category: String, region: Region?) -> String? {
        let lowerName = name.lowercased()
        let compact = number.filter { !$0.isWhitespace && $0 != "-" }
        // Whole words: `Chiropractic Clinic` is not a CHI number.
        let words = Set(lowerName.split(whereSeparator: { !$0.isLetter && $0 != "&" }).map(String.init))
        if category.caseInsensitiveCompare(DefaultCategory.healthcare) == .orderedSame, region == .gb || region == nil,
           !words.isDisjoint(with: ["nhs", "chi", "h&c"]) || lowerName.contains("health and care number") {
            guard let nhs = NHSNumber(digits: compact) else {
                return "an NHS number has 10 digits (e.g. 999 000 0018); got \(compact.count) characters"
            }
            let v = nhs.validation
            // The number itself is left out: refusals go to stderr, which may be logged.
            if !v.valid { return "the NHS number \(v.problem ?? "is not valid"); check the digits" }
        }
        if lowerName.contains("social security") || words.contains("ssn") {
            switch region {
            case .je:
                guard SocialSecurityNumber.find(in: compact) == [.jersey(compact.uppercased())] else {
                    return "a Jersey social security number is JY, six digits and a letter A–D (JY123456A)"
                }
            case .gg:
                guard SocialSecurityNumber.find(in: compact) == [.guernsey(compact.uppercased())] else {
                    return "a Guernsey social security number is GY and six digits (GY123456)"
                }
            default: break
            }
        }
        return nil
    }
}
