/// Every confidence the suggestion layer gives, in one table, with why. A confidence is meant as the share of
/// suggestions like it that are right: CardsDevRecallTests prints valid suggestions by confidence band on both card
/// sets and asserts each band (`ConfidenceBands`). Text confidences scale with tesseract's confidence in the line
/// (`ocr`, 0-1; a line from a decoded code counts as `codeText`).
///
/// Changing a value here moves suggestions across bands and across `ImportCommand.autoAcceptConfidence` (0.9, what
/// `import --accept auto` saves without a person): measure on both card sets before and after.
enum Confidence {
    // MARK: Read from a code (a decoder with its own checks read it).

    /// A code's content (an EAN/UPC loyalty number, a JY/GY number, a wristband's ID): a decoder's check digits or
    /// error correction stand behind it.
    static let code = 0.95
    /// An NHS number in a GS1 string under AI 8018 (the standard's own patient identifier: labelled by the code).
    static let gs1PatientNumber = 0.97
    /// Any other code's content, offered as a membership card: read right, but nothing says what it is.
    static let unknownCode = 0.9
    /// A line of a health or demographics string decoded from a code, as the text classifiers see it.
    static let codeText = 0.95

    // MARK: Read from printed text.

    /// An NHS number read from text, by what vouches for it besides Modulus 11 (which one in eleven random
    /// ten-digit strings pass): its label; the same number in a code on a card that says NHS; the 3-3-4 grouping
    /// (on a card that names NHS when a slip was repaired); nothing.
    static func nhsText(ocr: Double, labelled: Bool = false, inACode: Bool = false, grouped: Bool = false) -> Double {
        if labelled { return 0.55 + 0.42 * ocr }
        if inACode { return 0.5 + 0.4 * ocr }
        if grouped { return 0.4 + 0.45 * ocr }
        return 0.35 * ocr
    }
    /// What a repaired digit slip (`O` for 0, `I` for 1) takes off an NHS number: Modulus 11 still checks the
    /// repaired digits, so a fixed amount rather than a share.
    static let nhsRepairPenalty = 0.12
    /// The most a suggestion read from text is given: never certain.
    static let textCeiling = 0.99

    /// What a repaired slip leaves of a value no check digit vouches for (hospital numbers, JY/GY numbers, dates,
    /// postcodes): offered below the same value read as printed.
    static let repairedShare = 0.8
    /// A hospital number with its label: no check digit, so an uncertain line counts against it twice.
    static func hospitalNumber(ocr: Double) -> Double { 0.95 * ocr * ocr }
    /// A hospital number alone on its line, its label elsewhere (letters print labels over values): half a labelled one.
    static let unlabelledHospitalShare = 0.5
    /// A JY or GY number read from text: no check digit, an uncertain line counts twice.
    static func socialSecurity(ocr: Double) -> Double { ocr * ocr }

    /// A date of birth after a birth label, or any other plausible date (a card's issue or expiry date reads as
    /// one); a repaired slip (`DateFinder.repairingDigits`) is offered below one read as printed.
    static func dateOfBirth(ocr: Double, labelled: Bool, repaired: Bool) -> Double {
        (labelled ? 1.0 : 0.6) * (repaired ? repairedShare : 1) * ocr
    }
    /// An address ending in a postcode: from a code's string, or the postcode line's reading discounted for the
    /// lines above it that were taken with it.
    static let addressFromCode = 0.9
    static let addressShareOfItsPostcodeLine = 0.8

    /// A name's weight by how it was found: after a name label 1; in a `SURNAME, Given` form or a label's column,
    /// 0.95; unlabelled, starting with a known given name, 0.6.
    static let labelledName = 1.0
    static let nameByForm = 0.95
    static let unlabelledName = 0.6

    // MARK: Joined.

    /// A suggestion read again, by another pass or line, agreeing: a little surer (to `textCeiling`).
    static let agreementBonus = 0.04
    /// A health card built from its parts (name, date of birth, address): a little under its weakest part.
    static let joinedShareOfWeakestPart = 0.95
    /// A valid NHS number no reading confirms (`NumberAgreement`): one unsure reading, or readings that disagree.
    /// Under `ImportCommand.autoAcceptConfidence` (0.9) and the sure bands, so it is offered, never taken as fact.
    static let unconfirmedNumber = 0.6
}
