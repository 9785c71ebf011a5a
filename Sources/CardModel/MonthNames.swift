/// The months as cards print them in English: the one table the date finder, its repairs, the name finder's
/// stop words and the text stage's judge of a date-shaped word share.
public enum MonthNames {
    /// January first, lower case.
    public static let full = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                              "october", "november", "december"]
    /// Their three-letter forms (`jan` … `dec`), January first.
    public static let abbreviated = full.map { String($0.prefix(3)) }
    /// The short forms a card prints: the three-letter ones and `sept`.
    public static let shortForms = Set(abbreviated + ["sept"])
    /// Every form: full, three letters, `sept`.
    public static let allForms = Set(full).union(shortForms)
    /// The forms that are given names too (April, May, June, August, and `Jun` beside them): never a reason to
    /// doubt a name.
    public static let givenNameForms: Set<String> = ["april", "may", "june", "jun", "august"]
}
