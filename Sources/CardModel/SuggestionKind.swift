/// What a suggestion is: the contract's `suggestions[].type`, as a type. The raw values are the JSON strings.
///
/// Identifiers (a card of their own) come first in the declaration, then the demographic fields that are part of a
/// card. `SuggestionBuilder` orders suggestions by `SuggestionKind.order(for:)`, not by this declaration.
public enum SuggestionKind: String, Codable, Sendable, CaseIterable {
    /// NHS (England, Wales, Isle of Man), CHI (Scotland) or H&C (Northern Ireland) number.
    case nhsNumber
    /// Jersey social security number, `JY123456A`.
    case jerseySocialSecurity
    /// Guernsey social security number, `GY123456`.
    case guernseySocialSecurity
    /// UK National Insurance number.
    case nationalInsurance
    /// Jersey's demographics string (JHCI): name, date of birth and address.
    case jerseyHealthId
    /// Guernsey's health details: name, date of birth and address.
    case guernseyHealthDetails
    /// A Jersey hospital wristband's patient ID: the default card in Healthcare.
    case jerseyPatientId
    /// A hospital number (`Hosp No`, `MRN`, `URN`, `Unit No`, a wristband's GS1 AI 91): a field of the patient's
    /// record, not a card of its own.
    case hospitalNumber
    /// A retail (EAN/UPC) code: a loyalty card.
    case loyalty
    /// Any other code: a membership card.
    case membership
    /// Demographic fields.
    case name, dateOfBirth, postcode, address

    /// Whether a suggestion of this kind made from a code alone is settled by the code: the card's text cannot make
    /// the same value another kind. A retail code is a loyalty card whatever the card says; a Jersey or Guernsey
    /// health string carries its own fields; a wristband's patient ID is read in wristband mode. Any other code's
    /// kind waits for the text (a bare Code 128 is a membership card until an `NHS Number` or `Hosp No` label says
    /// otherwise, and an NHS number until a membership word says otherwise): a live session does not let it be
    /// saved before the card's text is read (`awaitingText`).
    public var isSettledByItsCode: Bool {
        switch self {
        case .loyalty, .jerseyHealthId, .guernseyHealthDetails, .jerseyPatientId: true
        default: false
        }
    }

    /// Every kind's JSON name, for a message that refuses an unknown one.
    public static var knownNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Whether a suggestion of this kind is a field read from a card (no card of its own).
    public var isField: Bool {
        switch self {
        case .name, .dateOfBirth, .postcode, .address, .hospitalNumber: true
        default: false
        }
    }
}
