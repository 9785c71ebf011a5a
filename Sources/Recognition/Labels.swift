import Foundation
/// Every label vocabulary the classifiers read printed cards with, in one place (lower case; OCR's usual
/// misreadings of a label are listed beside it). Which finder uses which list is said on each; a label found in
/// several lists is a different question in each (`exp` ends an NHS number's context and starts an expiry date).
enum Labels {
    /// Labels that say a number is an NHS/CHI/H&C number (whole words, lower case).
    static let nhsNumber = ["nhs", "nhs no", "nhs number", "nhs ref", "nhs card", "nhs card no", "nhs card number", "chi", "h&c", "h & c", "h+c", "health and care number", "health & care number",
        // Run together by OCR, and cut short at a box's edge (`Nhsnumbe`: cards-dev3 0039's banner).
        "nhsno", "nhsnum", "nhsnumb", "nhsnumbe", "nhsnumber"]

    /// The label over the NHS number on a UK health insurance card (`NHSClassifier.isUKHealthInsuranceCard`), as
    /// that card's own line above the number; elsewhere (another country's card, a bank's) it names another number.
    static let nhsOnUKHealthInsuranceCard = ["personal identification number", "personal identification no"]

    /// Labels that say a number is something else.
    static let notNHS = ["expires", "expiry", "exp", "valid", "until", "tel", "telephone", "phone", "mobile", "mob",
        "fax", "renewal", "member", "membership", "card no", "card number", "card", "account", "acc",
        "a/c", "ref", "reference", "sort code", "policy", "permit", "customer", "order", "invoice",
        "booking", "serial", "loyalty", "points", "pin", "issue", "issued", "date", "dob", "born",
        "hosp", "hospital", "mrn", "urn", "unit", "case", "pas", "ward", "contact", "call", "t", "m", "p"]

    /// Labels of dates: a ten-digit number is never their value, so a line of them above one says nothing about it
    /// (a table's header `NHS Number  Date of birth` read as two lines over its values).
    static let datesBesideNumbers: Set<String> = ["expires", "expiry", "exp", "valid", "until", "renewal", "issue", "issued", "date",
        "dob", "born"]

    /// Words that make a card a membership's (a gym's, a club's, a library's, a shop's rewards): a ten-digit code on
    /// it is a membership number even when it passes Modulus 11 (issue 36: a gym card's Code 128 `4000000632`, with
    /// the same digits printed under it, was offered as a valid NHS number at 99%).
    static let membershipWords = ["member", "members", "membership", "gym", "club", "loyalty", "rewards", "library",
        "points", "fitness", "leisure"]

    /// Labels matched as whole words (`born` is not inside `Osborne`). `0.0.b` and `d.0.b` are OCR's `D.O.B`; `cob`,
    /// `d0b` and `oob` its `DOB`.
    static let dateOfBirth = ["date of birth", "birth date", "d.o.b", "d. o. b", "d o b", "d/o/b", "d/0/b", "0.0.b", "d.0.b", "dob", "cob", "d0b", "oob", "birth",
        "born", "b'day"]

    /// The line with a dotted or slashed birth label (`D/O/B`, `D.O.B`, and OCR's `D/0/B`, `D.0.B`) that the reader
    /// ran into the word before it spaced off: a band's `McALLISTERD/O/B: 30/11/1962`, the surname large and the label
    /// small on one row, read with no space between. Labels match as whole words, so the glued one labelled nothing
    /// and the surname ended in it. Such marks are never inside a word; the bare `DOB` is left alone (`…dob` ends
    /// words and names).
    static func gluedBirthLabelSpaced(_ line: String) -> String {
        guard line.contains("/") || line.contains("."), let regex = gluedBirthLabel else { return line }
        return regex.stringByReplacingMatches(in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "$1 $2")
    }

    private static let gluedBirthLabel = try? NSRegularExpression(pattern: #"(\p{L})([Dd]([/.])[Oo0]\3[Bb])(?![\p{L}])"#)

    /// Labels of the dates a card prints that are not its holder's birth (issue, expiry, a letter's own dates).
    static let otherDates = ["date of issue", "expiry", "expires", "expired", "exp", "valid", "issue", "issued", "until",
        "from", "start", "thru", "date", "appointment", "time", "printed", "admitted", "renewal",
        "renew", "due", "effective", "dictated", "typed", "clinic date", "letter date", "date of letter",
        "referral", "referred", "seen on", "visit",
        // Events a card dates besides a birth: a donor card's `First donation`, a membership's `Joined`.
        "donation", "donated", "joined", "member since", "registered", "vaccination", "vaccinated"]

    /// A letter's own dates, labelled with long words OCR often reads one letter wrong (`Oictated: 11 January
    /// 2024`): matched one slip away too, so the letter's date is not offered as the patient's birth date.
    static let otherDatesOneSlipAway = ["dictated", "appointment"]

    /// Birth labels that make a line worth reading again (`RereadPlanner`) or a card worth its layout reading
    /// (`SecondReading`) when no valid date of birth was read.
    static let dateOfBirthToReread = ["dob", "d.o.b", "d.o.b.", "date of birth", "born", "birth"]

    /// Labels, lower case, longest first so `hospital no` wins over `no`.
    /// `PAS` (patient administration system) and case-note numbers are the hospital number under other names.
    /// `Local No`, `Trust No`, `Hospital Ref`, `Hosp ID`, `PID` and `CRN` (case record number) are how trusts' addressograph
    /// labels, patient banners and wristbands print it (cards-dev3's kind of photo).
    static let hospitalNumber = ["hospital number", "hospital no", "hospital urn", "hospital ref", "case note number", "case note no",
        "case number", "hosp. no", "hosp.no", "hosp no", "hosp num", "hosp ref", "unit number", "pas number", "local number",
        "trust number", "case no", "unit no", "pas no", "local no", "trust no", "patient id", "hospital id", "hosp id", "mrn", "urn", "crn", "pid"]

    /// Name labels at the start of a line (lower case). `narne` is OCR's `Name`.
    /// `insured person`: a social-security card's label for its holder; `fullname`: `Full name` with its space lost.
    /// `name of holder`, `card holder name`, `name of patient`: cards print the label in words, and bilingual ones
    /// both words (`Nom / Name`); before the shorter labels they start with (`name` alone left `of holder:
    /// TORODE,Yasmin` as the value, and `Nom / Name` gave `Name` itself as the name).
    static let name = ["nom / name", "nom/name", "name / nom", "name/nom", "name of patient", "patient's name",
        "name of card holder", "name of cardholder", "name of holder", "card holder name", "cardholder name",
        "card holder's name", "name ofholder", "holder name", "holder's name", "patient name", "full name", "fullname", "card holder", "cardholder",
        "insured person", "name", "narne", "patient", "holder", "re"]
}
