import CardModel
import Evaluation
@testable import Recognition
import XCTest

/// Issue 16: a 10-digit run needs context beyond its check digit; issue 11: fields in the layouts people print.
/// Synthetic identities only (NHS test range 999, or issued-range numbers made up for the test).
final class NHSContextTests: XCTestCase {
    let builder = SuggestionBuilder(today: SimpleDate(year: 2026, month: 11, day: 22)!, givenNames: .installedForTests)
    let gb = RegionResolution(code: .gb, basis: .timezone)

    func lines(_ texts: [String], confidence: Double = 0.9) -> [RecognizedItem] {
        texts.enumerated().map { i, t in
            RecognizedItem(id: "t\(i + 1)", kind: .text, text: t, bounds: Quad(x: 0, y: i * 40, width: 300, height: 30), confidence: confidence)
        }
    }
    func nhs(_ texts: [String], extra: [RecognizedItem] = []) -> [Suggestion] {
        builder.build(items: extra + lines(texts), region: gb).suggestions
    }

    func testOCRSlipsOnOtherCardsAreNeverValidNHSNumbers() {
        XCTAssertTrue(NHSNumber(digits: "7710412025")!.passesModulus11, "the slip passes Modulus 11")
        let library = nhs(["City Library", "Expires 7710412025"])
        XCTAssertFalse(library.contains { $0.type == .nhsNumber && $0.valid })
        XCTAssertNotEqual(library.first?.type, .nhsNumber)
        // The same digits without the label still read as a date without its slashes: not offered as valid.
        XCTAssertFalse(nhs(["7710412025"]).contains { $0.type == .nhsNumber && $0.valid })
        let member = nhs(["Member 833 171 9710"])
        XCTAssertFalse(member.contains { $0.type == .nhsNumber })
        XCTAssertFalse(nhs(["833 171 9710"]).contains { $0.type == .nhsNumber && $0.valid }, "unissued range")
        for label in ["Tel", "Phone", "Valid", "Renewal", "Card No", "Account", "Ref"] {
            XCTAssertFalse(nhs(["\(label) 400 000 0632"]).contains { $0.type == .nhsNumber }, label)
        }
        XCTAssertFalse(nhs(["Card number", "400 000 0632"]).contains { $0.type == .nhsNumber }, "labelled on the line above")
    }

    func testNumbersWithContextAreValid() {
        for card in [["NHS No: 400 000 0632"], ["NHS No.", "400 000 0632"], ["400 000 0632", "NHS NO"],
                     ["NHS Number:", "4000000632"], ["CHI 010 101 1113"], ["H&C 346 295 0622"]] {
            let top = nhs(card).first
            XCTAssertEqual(top?.type, .nhsNumber, "\(card)")
            XCTAssertEqual(top?.valid, true, "\(card)")
            XCTAssertTrue(top?.checks.contains("label") == true, "\(card)")
        }
        // A wristband: unlabelled but printed 3 3 4, beside a name and a date of birth.
        let band = nhs(["EXAMPLE, Alex", "DOB 14-Jul-1945", "400 000 0632"])
        XCTAssertEqual(band.first?.type, .nhsNumber)
        XCTAssertEqual(band.first?.valid, true)
        XCTAssertTrue(band.first!.checks.contains("grouping:334"))
        // A barcode with the same number confirms an ungrouped, unlabelled one on a patient's band (a date of birth
        // on it); alone, the code and the digits printed under it are one piece of evidence, not two (issue 36).
        let code = RecognizedItem(id: "b1", kind: .barcode, format: .code128, text: "4000000632", bounds: .init(x: 0, y: 0, width: 9, height: 9), confidence: 1)
        let confirmed = nhs(["EXAMPLE, Alex", "14-Jul-1945", "4000000632"], extra: [code])
        XCTAssertEqual(confirmed.first?.type, .nhsNumber)
        XCTAssertEqual(confirmed.first?.valid, true)
        XCTAssertEqual(Set(confirmed.first!.from), ["b1", "t3"])
        XCTAssertFalse(nhs(["4000000632"], extra: [code]).contains { $0.valid && $0.type == .nhsNumber })
    }

    func testATableHeaderReadAsLinesAboveItsValues() {
        // `NHS Number  Date of birth` over `999 000 0018  14/07/1945`, read column by column: the date label just
        // above the number is no label of it (a ten-digit number is no date); the 3 3 4 grouping stands.
        let card = ["NHS Number", "Date of birth", "999 000 0018", "14/07/1945"]
        XCTAssertEqual(nhs(card).filter { $0.valid && $0.type == .nhsNumber }.map(\.value), ["9990000018"])
        // Another label above still claims it.
        XCTAssertFalse(nhs(["Card number", "999 000 0018"]).contains { $0.valid && $0.type == .nhsNumber })
    }

    func testNumbersWithoutContextAreListedInvalidAndNeverFirst() {
        let out = nhs(["Alex Example", "4000000632"])
        let n = out.first { $0.type == .nhsNumber }
        XCTAssertEqual(n?.valid, false)
        XCTAssertEqual(n?.problem, NHSClassifier.noContextProblem)
        XCTAssertNotEqual(out.first?.type, .nhsNumber)
    }

    /// A repaired reading printed 3 3 4 on a card whose title says NHS (the label by the number lost) is valid; the
    /// same reading on a card that never names the scheme, or ungrouped, is not.
    func testARepairedGroupedNumberOnACardThatSaysNHS() {
        func valid(_ texts: [String]) -> [String] { nhs(texts).filter { $0.type == .nhsNumber && $0.valid }.map(\.value) }
        XCTAssertEqual(valid(["NHS", "Miss Alex Example", "999 143 $921"]), ["9991435921"])
        XCTAssertEqual(valid(["Example Clinic", "Miss Alex Example", "999 143 $921"]), [])
        XCTAssertEqual(valid(["NHS", "Miss Alex Example", "999143$921"]), [])
    }

    func testDigitSlipsRepairedOnlyWhenOneRepairValidates() {
        let repaired = nhs(["NHS Number: 4@0 000 O632"]).first
        XCTAssertEqual(repaired?.value, "4000000632")
        XCTAssertEqual(repaired?.valid, true)
        XCTAssertTrue(repaired!.checks.contains("ocr-repaired"))
        XCTAssertEqual(NHSNumberFinder.find(in: "NHS No 999 000 00I8").first?.number.digits, "9990000018")
        XCTAssertEqual(NHSNumberFinder.find(in: "NHS No 999 Z00 0018").count, 0, "2 does not validate: no repair")
        XCTAssertTrue(NHSNumberFinder.find(in: "NHS No 4@0 OOO 0632").isEmpty, "at most two characters")
        // A serif 1 read as `)`; a mark read alone in a gap between the groups.
        XCTAssertEqual(NHSNumberFinder.find(in: "NHS number is 999 00) 0013.").first?.number.digits, "9990010013")
        XCTAssertEqual(NHSNumberFinder.find(in: "999 | 000 0018").first?.number.digits, "9990000018")
        XCTAssertEqual(NHSNumberFinder.find(in: "999 000 | 0018").first?.grouped, true)
        // The second gap read as a mark: a fleck or a dot in the space.
        XCTAssertEqual(NHSNumberFinder.find(in: "DOB: 04 JAN 1977 NHS: 999 000.0018").first?.number.digits, "9990000018")
        XCTAssertTrue(NHSNumberFinder.find(in: "999.000 0018").isEmpty, "the first gap is a space or a hyphen")
        // A mark read against a group's end, the gap's space after it.
        XCTAssertEqual(NHSNumberFinder.find(in: "999 000; 0018").first?.number.digits, "9990000018")
        XCTAssertEqual(NHSNumberFinder.find(in: "999, 000 0018").first?.grouped, true)
        XCTAssertEqual(DigitRepair.repairs(of: Array("4A0G")), ["4406"])
        XCTAssertTrue(DigitRepair.repairs(of: Array("40X0")).isEmpty, "X is in no table")
        // A repair needs a label or a barcode: grouping alone does not vouch for it.
        XCTAssertFalse(nhs(["4@0 000 0632"]).contains { $0.type == .nhsNumber && $0.valid })
    }

    /// A banner's number cut into boxes by the detector, its label run together and cut short at its box's edge
    /// (`Nhsnumbe`, `999 0000`, `018`: the form cards-dev3 0039's banner came back in): the row's boxes joined
    /// hold it. Not without the NHS label, not after another label, not across rows, not across a wide gap.
    func testANumberCutIntoBoxesOfOneRowIsJoinedAfterItsLabel() {
        func box(_ id: String, _ text: String, x: Int, width: Int, y: Int = 100) -> RecognizedItem {
            RecognizedItem(id: id, kind: .text, text: text, bounds: Quad(x: x, y: y, width: width, height: 13), confidence: 0.93)
        }
        func valid(_ items: [RecognizedItem]) -> [String] {
            builder.build(items: items, region: gb).suggestions.filter { $0.type == .nhsNumber && $0.valid }.map(\.value)
        }
        let name = box("t1", "HARRIS, Rosa (Miss) Gender Female", x: 40, width: 440)
        let label = box("t2", "Nhsnumbe", x: 496, width: 73)
        let head = box("t3", "999 0000", x: 585, width: 70), tail = box("t4", "018", x: 660, width: 23)
        XCTAssertEqual(valid([name, label, head, tail]), ["9990000018"])
        let joined = builder.build(items: [name, label, head, tail], region: gb).suggestions.first { $0.type == .nhsNumber }
        XCTAssertEqual(joined?.bounds?.minX, 585, "the number's boxes are its bounds")
        XCTAssertEqual(joined?.bounds?.maxX, 683)
        XCTAssertEqual(valid([name, head, tail]), [], "no label")
        XCTAssertEqual(valid([name, box("t2", "Tel", x: 496, width: 73), head, tail]), [], "another label")
        XCTAssertEqual(valid([name, label, head, box("t4", "018", x: 660, width: 23, y: 120)]), [], "a row below")
        XCTAssertEqual(valid([name, label, head, box("t4", "018", x: 700, width: 23)]), [], "too far along")
    }

    func testConfidenceBands() {
        XCTAssertEqual(ConfidenceBands.band(0.97), "95–100%")
        XCTAssertEqual(ConfidenceBands.band(0.9), "90–95%")
        XCTAssertEqual(ConfidenceBands.band(0.2), "0–50%")
        let table = ConfidenceBands.table([(0.96, true), (0.97, false), (0.91, true), (0.3, false)])
        XCTAssertEqual(table.map(\.count), [1, 0, 0, 0, 1, 2])
        XCTAssertEqual(table.last?.correct, 1)
        XCTAssertFalse(table.last!.isCalibrated)
        XCTAssertTrue(table[4].isCalibrated)
        // Labelled, well-read numbers are offered at ≥ 90%; unlabelled grouped ones below.
        XCTAssertGreaterThanOrEqual(nhs(["NHS No: 400 000 0632"]).first!.confidence, 0.9)
        XCTAssertLessThan(nhs(["400 000 0632"]).first!.confidence, 0.9)
    }
}

final class FieldLayoutTests: XCTestCase {
    let builder = SuggestionBuilder(today: SimpleDate(year: 2026, month: 11, day: 22)!, givenNames: .installedForTests)
    let gb = RegionResolution(code: .gb, basis: .timezone)

    func values(_ kind: SuggestionKind, _ texts: [String], region: RegionResolution? = nil) -> [String] {
        let items = texts.enumerated().map { i, t in
            RecognizedItem(id: "t\(i + 1)", kind: .text, text: t, bounds: Quad(x: 0, y: i * 40, width: 300, height: 30), confidence: 0.9)
        }
        return builder.build(items: items, region: region ?? gb).suggestions.filter { $0.type == kind && $0.valid }.map(\.value)
    }

    /// An address's last line is its postcode: under the town's line, two words read with two slips are put right as
    /// they would be after the town on one line (capitals only); under anything else, or with three slips, not.
    func testAPostcodeOnItsOwnLineUnderTheTown() {
        XCTAssertEqual(values(.postcode, ["127 Example Drive", "Sheffield", "S11 955"]), ["S11 9SS"], "5 for S twice, under the town")
        XCTAssertTrue(values(.postcode, ["Subtotal 12.00", "GOODS", "G8T GST"]).isEmpty, "one digit read: a receipt's tax line")
        XCTAssertEqual(values(.address, ["127 Example Drive", "Sheffield", "S11 955"]), ["127 Example Drive, Sheffield, S11 9SS"],
                       "the address ends in the postcode as repaired, where its line is only the postcode")
        XCTAssertEqual(values(.postcode, ["127 Example Drive", "Sheffield", "S11 9SS"]), ["S11 9SS"], "as printed")
        XCTAssertTrue(values(.postcode, ["127 Example Drive", "Flat 5", "S11 955"]).isEmpty, "no town above")
        XCTAssertTrue(values(.postcode, ["127 Example Drive", "Sheffield", "Sit 955"]).isEmpty, "not in capitals")
        XCTAssertTrue(values(.postcode, ["127 Example Drive", "Sheffield", "S11 955 2"]).isEmpty, "not the whole line")
        XCTAssertTrue(values(.postcode, ["127 Example Drive", "Sheffield", "SI1 055"]).isEmpty, "three slips")
    }

    func testDatesOfBirthInPrintedLayouts() {
        for card in [["D.O.B. 14/07/1945"], ["Date of birth: 14 July 1945"], ["Born 14-Jul-1945"], ["DOB 14.07.1945"],
                     ["DATE OF BIRTH", "14/07/1945"], ["Name  Date of birth", "Alex Example 14/07/1945"],
                     ["Date of Birth: 14th of July 1945"], ["DOB 14.07 1945"], ["Birth date: 14/07/1945"],
                     ["Date of Hirth 14 JUL 1945"], ["Date of Birtn: 14/07/1945"],
                     // Two slips, the word keeping `birth`'s start or end.
                     ["to your appointment Date of beth 14/07/1945"], ["Date of Herth 14.07.1945"]] {
            XCTAssertEqual(values(.dateOfBirth, card), ["1945-07-14"], "\(card)")
        }
        XCTAssertTrue(values(.dateOfBirth, ["Date 14/07/2025 Time 10:15"]).isEmpty, "an appointment date")
        // A letter's own date under a `Date` of its own is no birth date; `Date` then `of birth` still labels one.
        for label in ["Date", "DATE", "Date:"] {
            XCTAssertTrue(values(.dateOfBirth, ["Mr Rhys Example", label, "20th August 2024", "211 Mill Lane"]).isEmpty, label)
        }
        XCTAssertEqual(values(.dateOfBirth, ["Date", "of birth", "14/07/1945"]), ["1945-07-14"])
        // The other events a card dates (a donor card, a membership): the date is that event's, not a birth.
        for line in ["First donation 16/03/2023", "Joined 02/05/2019", "Member since 02/05/2019", "Registered 02/05/2019"] {
            XCTAssertTrue(values(.dateOfBirth, ["Blood Donation Service", line]).isEmpty, line)
        }
        XCTAssertEqual(values(.dateOfBirth, ["Blood Donation Service", "DOB 14/07/1945", "First donation 16/03/2023"]),
                       ["1945-07-14"], "a labelled birth date beside one")
        XCTAssertTrue(values(.dateOfBirth, ["Date of death 14/07/2025"]).isEmpty, "three slips from birth")
        XCTAssertTrue(values(.dateOfBirth, ["DOB 14.07 45"]).isEmpty, "a lost separator needs a four-digit year")
        XCTAssertTrue(values(.dateOfBirth, ["DOB 14 07 1945"]).isEmpty, "no separator at all is no date")
        // A `Name` label whose value OCR lost, above the date: the date's month is no name.
        XCTAssertTrue(values(.name, ["Name", "28-Jul-1942"]).isEmpty)
    }

    /// A name or a date of birth has no check: a line tesseract all but rejected vouches for neither (such lines are
    /// junk read as words), so they are offered as alternatives only. A number's check still vouches for it.
    func testNamesAndDatesFromLinesOCRDoubtedAreAlternativesOnly() {
        func suggestions(confidence: Double) -> [Suggestion] {
            let items = ["Name: Alex Example", "DOB 14/07/1945", "NHS No 400 000 0632"].enumerated().map { i, t in
                RecognizedItem(id: "t\(i + 1)", kind: .text, text: t, bounds: Quad(x: 0, y: i * 40, width: 300, height: 30), confidence: confidence)
            }
            return builder.build(items: items, region: gb).suggestions
        }
        let doubted = suggestions(confidence: 0.2)
        for kind in [SuggestionKind.name, .dateOfBirth] {
            XCTAssertEqual(doubted.filter { $0.type == kind }.map(\.valid), [false], kind.rawValue)
            XCTAssertNotNil(doubted.first { $0.type == kind }?.problem, kind.rawValue)
        }
        XCTAssertTrue(doubted.contains { $0.type == .nhsNumber && $0.valid }, "the number's check vouches for it")
        let read = suggestions(confidence: 0.4)
        XCTAssertTrue(read.contains { $0.type == .name && $0.valid && $0.value == "Alex Example" })
        XCTAssertTrue(read.contains { $0.type == .dateOfBirth && $0.valid && $0.value == "1945-07-14" })
    }

    /// The valid names a card of these lines (text, confidence), one under another, gives.
    func names(_ texts: [(String, Double)]) -> [String] {
        let items = texts.enumerated().map { i, t in
            RecognizedItem(id: "t\(i + 1)", kind: .text, text: t.0, bounds: Quad(x: 0, y: i * 40, width: 300, height: 30), confidence: t.1)
        }
        return builder.build(items: items, region: gb).suggestions.filter { $0.type == .name && $0.valid }.map(\.value)
    }

    /// A letter's holder read twice, once with a slip: the reading whose words the letter repeats (its salutation)
    /// is the name, though tesseract was a little surer of the other; the salutation itself, its title slipped, is
    /// no name.
    func testTheReadingOfANameTheCardRepeatsIsChosen() {
        XCTAssertEqual(names([("Mr Robin Testwood", 0.88), ("Dear Mr Testwood,", 0.86), ("Your appointment is on Monday", 0.9),
                              ("Mr Robin Testvood", 0.89)]), ["Robin Testwood"])
        XCTAssertEqual(names([("Dear Mg Testwood,", 0.9), ("Your appointment is on Monday", 0.9)]), [])
    }

    /// Whom an address is addressed to is a name by where it stands, above a house number: a line tesseract doubted
    /// there (a mark read into it) is still taken, though not elsewhere, nor when it doubted it all but entirely.
    func testAnAddresseeTesseractDoubtedIsStillTheName() {
        XCTAssertEqual(names([("States of Jersey", 0.9), ("»  Alex EXAMPLE", 0.38), ("11 Clos des Pins", 0.8),
                              ("St Helier, Jersey JE2 4TQ", 0.8)]), ["Alex EXAMPLE"])
        XCTAssertEqual(names([("States of Jersey", 0.9), ("»  Alex EXAMPLE", 0.38), ("Social Security", 0.8)]), [],
                       "not an addressee: an unlabelled name needs tesseract's confidence")
        XCTAssertEqual(names([("States of Jersey", 0.9), ("»  Alex EXAMPLE", 0.2), ("11 Clos des Pins", 0.8),
                              ("St Helier, Jersey JE2 4TQ", 0.8)]), [], "a line tesseract all but rejected")
        // Junk read off the card's pattern above the addressee is no line of the address, so it does not push the
        // addressee into the address.
        XCTAssertEqual(names([("Nh ne ee ee et ee ee", 0.34), ("Alex EXAMPLE", 0.92), ("11 Clos des Pins", 0.95),
                              ("St Helier, Jersey JE2 4TQ", 0.94), ("States of Jersey", 0.96)]), ["Alex EXAMPLE"])
    }

    /// Another pass's misreading inside a line read far surer (`"LINDE, IST` at 0.69 inside `Ciaran LINDQVIST` at
    /// 0.96) offers no name of its own; read about as sure, both stand.
    func testAMisreadingInsideASurerNameLineOffersNoName() {
        func card(misreadAt confidence: Double) -> [String] {
            let items = [RecognizedItem(id: "t1", kind: .text, text: "States of Jersey", bounds: Quad(x: 0, y: 0, width: 300, height: 30), confidence: 0.96),
                         RecognizedItem(id: "t2", kind: .text, text: "Alex EXAMPLE", bounds: Quad(x: 0, y: 60, width: 300, height: 30), confidence: 0.96),
                         RecognizedItem(id: "t3", kind: .text, text: "\"EXAM, Alex", bounds: Quad(x: 120, y: 62, width: 170, height: 26), confidence: confidence)]
            return builder.build(items: items, region: gb).suggestions.filter { $0.type == .name && $0.valid }.map(\.value)
        }
        XCTAssertEqual(card(misreadAt: 0.69), ["Alex EXAMPLE"])
        XCTAssertTrue(card(misreadAt: 0.9).contains("Alex Exam"), "\(card(misreadAt: 0.9))")
    }

    /// A name read only from a line tesseract half doubted (junk read as `EE, Op`) does not stop the search for an
    /// unlabelled name on a line it read well; nor does one it all but rejected.
    func testANameFromAHalfDoubtedLineDoesNotHideAWellReadOne() {
        XCTAssertEqual(names([("Jp PR ee FE ee OP, Ee", 0.34), ("Ms Alex Example", 0.92), ("16/12/1966", 0.9)]).first, "Alex Example")
        XCTAssertEqual(names([("NAME", 0.9), ("FE", 0.2), ("Miss Alex Example", 0.94), ("16/12/1966", 0.9)]), ["Alex Example"])
        XCTAssertEqual(names([("EXAMPLE, Alex", 0.8), ("Ms Robin Testwood", 0.92)]), ["Alex Example"], "a sure SURNAME, Firstname line stands alone")
    }

    /// A surname OCR split with a space (`FAIRWE ATHER`) is put back whole where the card reads the whole word on
    /// another line; not where it does not.
    func testASurnameSplitByASpaceIsRejoinedWhereTheCardReadsItWhole() {
        // The whole word read by another pass, too far down the lines to pair with the forename itself.
        let otherPass = [("St ee ils", 0.53), ("91/11/1943", 0.6), ("ae", 0.4), ("oe", 0.4), ("Surname EXAMPLETON", 0.91)]
        XCTAssertEqual(names([("Surname", 0.5), ("EXAM PLETON", 0.92), ("Forename(s) Alex", 0.93)] + otherPass), ["Alex EXAMPLETON"])
        XCTAssertEqual(names([("Alex EXAM PLETON", 0.92), ("Health Card", 0.9)]), ["Alex EXAM PLETON"])
    }

    /// A street after its house number is no unlabelled name (`2 Le Mees` on a Jersey card whose postcode line OCR
    /// lost); a digit before a title or before a name in capitals is a mark read before the name.
    func testAStreetAfterItsHouseNumberIsNoName() {
        XCTAssertEqual(names([("States of Jersey", 0.96), ("2 Le Pommier", 0.8)]), [])
        XCTAssertEqual(names([("14 Orchard Vane", 0.8), ("Exampleton", 0.9)]), [])
        XCTAssertEqual(names([("5 Ms Alex Example", 0.8), ("Exampleton", 0.9)]), ["Alex Example"])
        XCTAssertEqual(names([("7 ALEX EXAMPLE", 0.8), ("Ward 4", 0.9)]), ["ALEX EXAMPLE"])
    }

    func testDateOfBirthSlipsRepairedAfterABirthLabel() {
        for (card, iso) in [(["COB; 3i-JAN- 1957"], "1957-01-31"), (["DOB: O8/O8/1991"], "1991-08-08"),
                            (["Date of birth", "14/07/l945"], "1945-07-14"),
                            // A space read inside a number between the separators.
                            (["Born", "09/1 1/1975"], "1975-11-09"),
                            // A separator read as a comma, and one lost between day and month.
                            (["Date of birth", "28,10.1944"], "1944-10-28"), (["DOB 17.08,1965"], "1965-08-17"),
                            (["DOB 0204/1937 NHS 999 000 0018"], "1937-04-02"),
                            // Separators read as commas with spaces, as `=`, and slashes read as 7s.
                            (["DATE OF BIRTH", "13, 01.1952"], "1952-01-13"), (["Date of birth", "13,01, 1952"], "1952-01-13"),
                            (["Date of birth 09-Oct=1942"], "1942-10-09"), (["Date of birth: 0170172010"], "2010-01-01"),
                            // A day read as two digits a space apart: not the 6th.
                            (["DOB: 1 6-Apr-1984 NHS: 999 000 0018"], "1984-04-16")] {
            XCTAssertEqual(values(.dateOfBirth, card), [iso], "\(card)")
        }
        let repaired = builder.build(items: [RecognizedItem(id: "t1", kind: .text, text: "DOB: O8/O8/1991", bounds: .init(x: 0, y: 0, width: 9, height: 9),
                                                            confidence: 0.9)], region: gb).suggestions.first { $0.type == .dateOfBirth }
        XCTAssertEqual(Set(repaired?.checks ?? []), ["labelled", "ocr-repaired", "plausible"])
        XCTAssertTrue(values(.dateOfBirth, ["Valid O8/O8/1991"]).isEmpty, "no repair without a birth label")
        XCTAssertTrue(values(.dateOfBirth, ["DOB: OB/OB/l99l"]).isEmpty, "more than two slips")
        XCTAssertEqual(DateFinder.repairingDigits("14th July"), nil, "ordinals and months are words, not slips")
        XCTAssertTrue(values(.dateOfBirth, ["Issued 0204/1937"]).isEmpty, "no separator put back without a birth label")
        XCTAssertEqual(DateFinder.repairingDigits("Ref 12,345.6789"), nil, "a comma in a number that is no date")
        XCTAssertTrue(values(.dateOfBirth, ["Ref 0170172010"]).isEmpty, "no slashes put back without a birth label")
        XCTAssertTrue(values(.dateOfBirth, ["Date of birth: 0173172010"]).isEmpty, "no 31st month")
    }

    /// A day or month misread past the digit table, put right after a birth label when one reading fits.
    func testADayOrMonthMisreadPastTheDigitTableIsRepairedAfterABirthLabel() {
        for (card, iso) in [(["Late of birth OB-Oct-2007"], "2007-10-08"),  // the day read wholly as letters
                            (["Date of birth", "80-Jan-1996"], "1996-01-30"),  // no 80th: 8 for 3, and 30 alone fits
                            (["DOB: 41/03/1977"], "1977-03-11"),               // no 41st: 4 for 1
                            (["DOB: 16-sun-2020"], "2020-06-16"),              // one month is a letter from `sun`
                            (["Date of Birth 04 Septenber 1961"], "1961-09-04"),
                            (["DATE OF BIRTH", "11-8ep-1976"], "1976-09-11"),  // a digit of a letter's shape in the month
                            (["DOB: 28-Ju1-1942"], "1942-07-28")] {             // `1` is like `l`, not like `n`
            XCTAssertEqual(values(.dateOfBirth, card), [iso], "\(card)")
        }
        XCTAssertTrue(values(.dateOfBirth, ["DOB: 60-Jan-1996"]).isEmpty, "no 60th, and 50 and 80 are none either")
        XCTAssertTrue(values(.dateOfBirth, ["DOB: 00-Jan-1996"]).isEmpty, "08, 06 and 09 all fit")
        XCTAssertTrue(values(.dateOfBirth, ["DOB: 12-mat-1980"]).isEmpty, "`mat` is a letter from both March and May")
        XCTAssertTrue(values(.dateOfBirth, ["DOB: OB-sun-2007"]).isEmpty, "three slips")
        XCTAssertTrue(values(.dateOfBirth, ["DOB: 12-Ju9-1980"]).isEmpty, "`9` is like no letter of June's or July's")
        XCTAssertTrue(values(.dateOfBirth, ["Ref: 11-8ep-1976"]).isEmpty, "no repair without a birth label")
        XCTAssertTrue(values(.dateOfBirth, ["Re: Mr Alex Example", "44 apt 2024"]).isEmpty, "no repair without a birth label")
    }

    func testLetterDateReadWithASlipIsNotABirthDate() {
        for line in ["Oate 24 January 2025", "Dato: 16 July 2024"] {
            XCTAssertTrue(values(.dateOfBirth, ["Re: Mr Alex Example", line]).isEmpty, line)
        }
        XCTAssertEqual(values(.dateOfBirth, ["Dave 16/07/1980"]), ["1980-07-16"], "a name is no look-alike of Date")
        // A letter's dictated and appointment dates, their labels read with a slip, beside the unlabelled birth date.
        XCTAssertEqual(values(.dateOfBirth, ["Oictated: 11 January 2024", "Appoinment: 28 August 2025 at 16:15", "22/02/1967"]),
                       ["1967-02-22"])
        XCTAssertEqual(values(.dateOfBirth, ["Onctated: 11 January 2024", "Dictated: 11 January 2024", "22/02/1967"]), ["1967-02-22"],
                       "a date labelled as the letter's on one line is not a birth date on another")
    }

    func testNamesInPrintedLayouts() {
        let cases: [([String], String)] = [
            (["NAME", "ALEX EXAMPLE"], "ALEX EXAMPLE"),
            (["Name  Date of birth", "Alex Example 14/07/1945"], "Alex Example"),
            (["NAME DATE OF BIRTH", "ALEX EXAMPLE 14-JUL-1945"], "ALEX EXAMPLE"),
            (["Surname EXAMPLE", "Forename(s) Alex"], "Alex EXAMPLE"),
            (["Patient: Mrs Alex Example"], "Alex Example"),
            (["Name: Dr A J Example"], "A J Example"),
            (["EXAMPLE, Alex (F)"], "Alex Example"),
            (["Re: Mr Alex Example"], "Alex Example"),
            (["Alex EXAMPLE"], "Alex EXAMPLE"),
            (["Health Card", "Alex de la Example"], "Alex de la Example"),
            (["paame: ALEX EXAMPLE"], "ALEX EXAMPLE"),
            (["ame: Alex Example"], "Alex Example"),
            (["Patient: OrAlex Le Example"], "Alex Le Example"),
            (["Re: Or Alex Example"], "Alex Example"),
            (["Forename(s): Alex", "Surname: EXAMPLE", "DOB: 14/07/1945"], "Alex EXAMPLE"),
            (["Surname", "EXAMPLE", "Forename(s)", "Alex"], "Alex EXAMPLE"),
            (["Surnanie EXAMPLE", "Porename(e) Alex"], "Alex EXAMPLE"),
            // A label word one slip away that no stem catches, and a table's ruled border read as a letter before
            // the label.
            ([": Suname EXAMPLE", "i Forename(s} Alex"], "Alex EXAMPLE"),
            // One pass lost the surname label's start (`name EXAMPLE`: one word labelled), another read both labels:
            // the whole name stands, not the part.
            (["name EXAMPLE", "Alex", "14/07/1945", "Surname EXAMPLE", "Forename(s) Alex"], "Alex EXAMPLE"),
            // One reading cut the line short: the whole one stands. Two words of three are no part (a junk word
            // read into a name would make it the whole one).
            (["Name: Alex Exam", "Name: Alex Example"], "Alex Example"),
            // `(s)` set apart from its label by a space; an addressograph line with its comma lost.
            (["Surname EXAMPLE", "Forename (s) Alex"], "Alex EXAMPLE"),
            (["Surname EXAMPLE", "Forename(s Alex"], "Alex EXAMPLE"),
            // A table's ruled border (or a speck) read as one character after each value.
            (["Surname EXAMPLE a", "Forename(s) Alex J"], "Alex EXAMPLE"),
            (["Name: Alex Example i"], "Alex Example"),
            (["EXAMPLE Alex (Ms)"], "Alex Example"),
            (["Name: Alex Example", "Name: Alex Rag Example"], "Alex Example"),
            (["First name: Alex", "Last name: Example"], "Alex Example"),
            (["Given name(s): Alex", "Family name: Example"], "Alex Example"),
            (["Patient: EXAMPLE, Alex J (Mr)"], "Alex J Example"),
            (["SAMPLE-EXAMPLE, Alex J."], "Alex J Sample-Example"),
            // A capital read small (a tilted band): p, s, o… differ from P, S, O only in height.
            (["a pEREXAMPLE, Alex"], "Alex Perexample"),
            // A mark OCR read between the columns ends the name; one before the label is dropped.
            (["Name Date of birth", "ALEX EXAMPLE __ 14-Jul-1945"], "ALEX EXAMPLE"),
            (["O Name: Ms Alex Example"], "Alex Example"),
            // Spaces lost in a small print: the title and the parts come apart; Mc/Mac names stay whole.
            (["Name Date of Birth", "DrAlexLe Example 02/03/1947"], "Alex Le Example"),
            (["Name: Alex McExample"], "Alex McExample"),
            (["Name: Alex MacExample"], "Alex MacExample"),
            (["EXAMPLE, Alex’ (F)"], "Alex Example"),
            (["Name: Alex FitzExample"], "Alex FitzExample"),
            (["O'EXAMPLE, Alex"], "Alex O'Example"),
            (["Name: Alex O'Example"], "Alex O'Example"),
            // Labels read as lines of their own, after the values (a small card's `Name` and `SS Number` labels):
            // the line under `Name` is the next label, and the name stands unlabelled.
            (["Social Security Card", "ALEX EXAMPLE", "Date of Birth 10 Aug 1976", "Name", "SS Number"], "ALEX EXAMPLE"),
        ]
        for (card, name) in cases { XCTAssertEqual(values(.name, card), [name], "\(card)") }
        for card in [["Kite Bank"], ["States of Guernsey", "Social Security"], ["St Martin", "GY4 9ZZ"], ["NAME DATE OF BIRTH"],
                     ["ED Or J Example"], ["CCU Dr A Sample"], ["Surname", "Forename(s)"], ["Surname EXAMPLE", "Tel 01234"],
                     ["AB Name Date of birth"], ["Dr Name: 12345"], ["Client Ser"], ["Or Alex"], ["Six Weeks,"], ["Beech Grove"], ["Alma Terrace"], ["Name", "SS Number"],
                     ["Name", "Date Of Birth"], ["NAME", "HOSPITAL NO"],
                     // A date's month, a street, a label read with a slip: beside a name, still no name.
                     ["EXAMPLE ROAD (Mr)"], ["Alex Example (Mr)"],
                     ["September Ciaran"], ["Le Mont Cochon"], ["Orchard Rise"], ["Sumame LINDQVIST"], ["Forenarne Alex"],
                     // OCR's garbled and upside-down words, cased as no name is printed.
                     ["CeRISTOPEEe Mollomly"], ["LT ObZZ TOSD"], ["Name: AlEx ExAMple"]] {
            XCTAssertTrue(values(.name, card).isEmpty, "\(card)")
        }
    }

    /// The line after a name label read twice, once cut short at the block's edge (`Dr Robin Testw:`), once whole by
    /// a later pass (its line comes after the card's other lines): the whole reading is the name. A reading of
    /// another line (further down) is not another reading of the value.
    func testAValueReadAgainWholeAfterItsLabelGivesTheWholeName() {
        func item(_ id: String, _ text: String, x: Int, y: Int, width: Int, confidence: Double = 0.96) -> RecognizedItem {
            RecognizedItem(id: id, kind: .text, text: text, bounds: Quad(x: x, y: y, width: width, height: 40), confidence: confidence)
        }
        let items = [item("t1", "NAME", x: 277, y: 331, width: 71), item("t2", "Dr Robin Testw:", x: 268, y: 374, width: 312),
                     item("t3", "NHS NU}", x: 262, y: 431, width: 110), item("t4", "999 000 0018", x: 256, y: 476, width: 236),
                     item("t5", "Dr Robin Testwood", x: 266, y: 376, width: 430)]
        let names = builder.build(items: items, region: gb).suggestions.filter { $0.type == .name && $0.valid }.map(\.value)
        XCTAssertEqual(names, ["Robin Testwood"])
        let elsewhere = Array(items.dropLast()) + [item("t5", "Dr Robin Testwood", x: 266, y: 431, width: 430)]
        XCTAssertEqual(builder.build(items: elsewhere, region: gb).suggestions.filter { $0.type == .name && $0.valid }.map(\.value),
                       ["Robin Testw"], "a line a row below is no reading of the value's line")
    }

    func testAddressLinesAbovePostcode() {
        XCTAssertEqual(values(.address, ["Name: Alex Example", "Address: 1 Example Road", "St Example", "JE2 3AB"]),
                       ["1 Example Road, St Example, JE2 3AB"])
        XCTAssertEqual(values(.address, ["ADDRESS", "1 Example Road", "Example Town EX1 1AA"]),
                       ["1 Example Road, Example Town EX1 1AA"])
        XCTAssertEqual(values(.address, ["SS No. GY123456", "1 Example Road", "GY1 1AA"]), ["1 Example Road, GY1 1AA"])
        // The addressee above a letter's address, or the holder above a card's, is a name, not an address line.
        let addressed = ["Mr Alex Example", "1 Example Road", "Guernsey GY1 1AA"]
        XCTAssertEqual(values(.address, addressed), ["1 Example Road, Guernsey GY1 1AA"])
        XCTAssertEqual(values(.name, addressed), ["Alex Example"])
        XCTAssertEqual(values(.address, ["Ms Example Road", "Guernsey GY1 1AA"]).count, 1)
        // Untitled, the holder's name is still the first line of three above a postcode: a name as well.
        XCTAssertEqual(values(.name, ["States of Jersey", "Alex EXAMPLE", "5 La Rue du Moulin", "St Ouen, Jersey JE3 2AB"]),
                       ["Alex EXAMPLE"])
        XCTAssertTrue(values(.name, ["12 Example Road", "St Ouen", "Jersey JE3 2AB"]).isEmpty, "a street is no name")
        XCTAssertTrue(values(.name, ["Flat 2", "Example Road", "JE3 2AB"]).isEmpty)
        XCTAssertTrue(values(.name, ["Clos des Pins", "St Helier", "Jersey JE2 4TQ"]).isEmpty, "no house number below")
        XCTAssertTrue(values(.name, ["Rose Cottage", "12 Example Road", "Exampleton EX1 1AA"]).isEmpty, "a house's name")
        // Marks read between the lines neither end an address nor count as its lines.
        let flecked = ["Alex EXAMPLE", "11 Clos des Pins", "i", "l", "t", "| St Helier. Jersey JE2 4TQ"]
        XCTAssertEqual(values(.address, flecked), ["11 Clos des Pins, | St Helier. Jersey JE2 4TQ"])
        XCTAssertEqual(values(.name, flecked), ["Alex EXAMPLE"])
        // A mark before the house number (a card's edge read as `|`) does not hide it.
        XCTAssertEqual(values(.name, ["States of Jersey", "Alex EXAMPLE", "| 2La Rue du Moulin", "St Ouen, Jersey JE3 2AB"]),
                       ["Alex EXAMPLE"])
        XCTAssertTrue(values(.name, ["Alex EXAMPLE", "JE3 2AB"]).isEmpty, "two lines: the name may be the street")
        // An identifier above the holder (its letter misread, so not one by its format) is no address line.
        let numbered = ["States of Jersey", "JY 4189174", "Alex EXAMPLE", "11 Clos des Pins", "St Helier, Jersey JE2 4TQ"]
        XCTAssertEqual(values(.address, numbered), ["11 Clos des Pins, St Helier, Jersey JE2 4TQ"])
        XCTAssertEqual(values(.name, numbered), ["Alex EXAMPLE"])
    }

    /// A card that prints its labels in one column and the values in the next: OCR returns the labels as a run of
    /// lines and the values as another, so only where the lines are says which value is whose.
    func testLabelsInOneColumnAndValuesInTheNext() {
        // Lines as they lie on the card (label column at x 40, values at x 300, rows 50 px apart), each given as
        // `place` turns it into a quad, in the order OCR returns them: labels first, then values.
        let rows: [(text: String, x: Double, row: Double, width: Double)] = [
            ("Patient details", 40, 0, 260), ("Surname", 40, 1, 110), ("Forename(s)", 40, 2, 150), ("Born", 40, 3, 60),
            ("PENHALIGON", 300, 1, 190), ("Oliver", 300, 2, 90), ("01/10/1980", 300, 3, 150),
        ]
        func card(_ place: (Double, Double, Double, Double) -> Quad) -> [RecognizedItem] {
            rows.enumerated().map { i, line in
                RecognizedItem(id: "t\(i + 1)", kind: .text, text: line.text,
                               bounds: place(line.x, 100 + line.row * 50, line.width, 30), confidence: 0.9)
            }
        }
        func names(_ items: [RecognizedItem]) -> [String] {
            builder.build(items: items, region: gb).suggestions.filter { $0.type == .name && $0.valid }.map(\.value)
        }
        func point(_ x: Double, _ y: Double) -> Point { Point(x: Int(x.rounded()), y: Int(y.rounded())) }
        // Level.
        XCTAssertEqual(names(card { x, y, w, h in Quad([point(x, y), point(x + w, y), point(x + w, y + h), point(x, y + h)]) }),
                       ["Oliver PENHALIGON"])
        // The card 6° off level and each line's box level (the levelling left it off): far along its row, a value
        // sits nearer the next row's label than its own on the label's axis.
        let slope = tan(6 * Double.pi / 180)
        XCTAssertEqual(names(card { x, y, w, h in
            let y0 = y + slope * x, y1 = y + slope * (x + w)
            return Quad([point(x, y0), point(x + w, y1), point(x + w, y1 + h), point(x, y0 + h)])
        }), ["Oliver PENHALIGON"])
        // Turned a quarter, with each box's corners starting at its text's bottom left (tesseract read the block as
        // vertical text): which way the rows read is not known from the boxes.
        XCTAssertEqual(names(card { x, y, w, h in
            // (x, y) on the card → (1000 - y, x) in the photo: the card's top is at the photo's right.
            Quad([point(1000 - y - h, x), point(1000 - y, x), point(1000 - y, x + w), point(1000 - y - h, x + w)])
        }), ["Oliver PENHALIGON"])
        // A column of labels with no forename line makes no name from the column.
        let surnameOnly = card { x, y, w, h in Quad([point(x, y), point(x + w, y), point(x + w, y + h), point(x, y + h)]) }
            .filter { $0.text != "Forename(s)" && $0.text != "Oliver" }
        XCTAssertFalse(names(surnameOnly).contains { $0.contains(" ") }, "\(names(surnameOnly))")
        // `Surname` read without its start, its forename on a line nearby: still both parts.
        XCTAssertEqual(values(.name, ["Patient details", "name PENHALIGON", "orename(s) Wren"]), ["Wren PENHALIGON"])
        // `Surname` split by OCR, or with its `rn` read as `m`.
        XCTAssertEqual(values(.name, ["Sur name PENHALIGON", "Forename(s) Wren"]), ["Wren PENHALIGON"])
        XCTAssertEqual(values(.name, ["Sumame PENHALIGON", "Forename(s) Wren"]), ["Wren PENHALIGON"])
        // Another pass's junk read running down the card (short doubted lines, 50 of them, longer in all than the
        // card's seven lines, as a sparse reading of a turned block gave on the layout probe), with a few it did
        // not doubt: the card still reads along its own lines.
        let level = card { x, y, w, h in Quad([point(x, y), point(x + w, y), point(x + w, y + h), point(x, y + h)]) }
        let junk = (0..<50).map { i in
            let x = 600 + i % 10 * 40, y = 80 + i / 10 * 120, length = 60 + i % 7 * 15
            return RecognizedItem(id: "j\(i)", kind: .text, text: "ae", bounds: Quad([Point(x: x, y: y), Point(x: x, y: y + length),
                                  Point(x: x - 20, y: y + length), Point(x: x - 20, y: y)]), confidence: i % 8 == 0 ? 0.6 : 0.3)
        }
        XCTAssertEqual(names(level + junk), ["Oliver PENHALIGON"])
    }

    /// A Jersey number read with its `J` as a letter no NINO starts with, or with its `JY` lost after its label.
    func testJerseyNumbersReadWithTheirPrefixSlippedOrLost() {
        let je = RegionResolution(code: .je, basis: .timezone)
        XCTAssertEqual(values(.jerseySocialSecurity, ["States of Jersey", "IY159236C"], region: je), ["JY159236C"])
        XCTAssertEqual(values(.jerseySocialSecurity, ["States of Jersey", "Social Security Number", "442049 A"], region: je),
                       ["JY442049A"])
        XCTAssertEqual(values(.jerseySocialSecurity, ["States of Jersey", "Social Security No: 442049 A"], region: je), ["JY442049A"])
        // Not without the label, nor on a card that does not say Jersey, nor with a suffix no Jersey number has.
        XCTAssertTrue(values(.jerseySocialSecurity, ["States of Jersey", "Member", "442049 A"], region: je).isEmpty)
        XCTAssertTrue(values(.jerseySocialSecurity, ["Social Security Number", "442049 A"]).isEmpty)
        XCTAssertTrue(values(.jerseySocialSecurity, ["States of Jersey", "Social Security Number", "442049 E"], region: je).isEmpty)
        // A NINO whose first letter may start one stays a NINO.
        XCTAssertEqual(values(.nationalInsurance, ["TY108566D"]), ["TY108566D"])
        // The label's `No` glued to the number, or one letter of it (`No` read as `N`, no space); never inside
        // another word.
        XCTAssertEqual(values(.guernseySocialSecurity, ["Guernsey", "Social Security NGY123456"]), ["GY123456"])
        XCTAssertEqual(values(.guernseySocialSecurity, ["Guernsey", "Contribution NoGY 123456"]), ["GY123456"])
        XCTAssertTrue(values(.guernseySocialSecurity, ["Guernsey", "Social Security SAGY123456"]).isEmpty)
        XCTAssertTrue(values(.guernseySocialSecurity, ["Guernsey", "Contribution ToGY123456"]).isEmpty)
    }

    func testHospitalNumbersAreTheirOwnKind() {
        for (card, value) in [(["Hosp No: M1234567"], "M1234567"), (["Hospital No. T123456"], "T123456"),
                              (["MRN: 1234567"], "1234567"), (["Hospital URN: J123456"], "J123456"),
                              (["Unit No: ABC1234567"], "ABC1234567"), (["Hospital Number", "H1234567"], "H1234567"),
                              (["Hospital Number: RTH 418 3671"], "RTH4183671"), (["Hosp No: M 1234567"], "M1234567"),
                              (["Unit No: K123456 23"], "K123456"), (["PAS No: A123456"], "A123456"),
                              (["Case Note No. 0123456"], "0123456"),
                              // `Hospital` with one slip, before its `No`.
                              (["Hosprtal No R123456"], "R123456"),
                              // The label's colon read as a semicolon.
                              (["URN; R123456"], "R123456"),
                              // No space after the dot, and a table's rule before the value; a patient ID.
                              (["Hosp.No: | M0007415"], "M0007415"), (["Patient ID: RGT345037"], "RGT345037"),
                              // `ID` read as two other characters ending in d, and a rule read as `=|`.
                              (["Patient 9D =| RXA123456"], "RXA123456"),
                              // `Patient` with one slip, `ID` whole.
                              (["Paiient iD: H3800417 Sex: MV"], "H3800417")] {
            XCTAssertEqual(values(.hospitalNumber, card), [value], "\(card)")
        }
        XCTAssertTrue(values(.hospitalNumber, ["Return by 1234567"]).isEmpty, "urn inside a word")
        // Labels in a row and values in the row under it; a number alone on its line on a patient's letter.
        XCTAssertEqual(values(.hospitalNumber, ["NHS NO.", "PATIENT", "MRN", "999 000 0018", "65003114"]), ["65003114"])
        XCTAssertEqual(values(.hospitalNumber, ["PATIENT", "Brian Example", "W831788"]), ["W831788"])
        XCTAssertTrue(values(.hospitalNumber, ["Brian Example", "W831788"]).isEmpty, "no patient, no hospital-number label")
        XCTAssertTrue(values(.hospitalNumber, ["PATIENT", "GY361758", "9990000018"]).isEmpty, "an island number, an NHS number")
        XCTAssertTrue(values(.hospitalNumber, ["Hosp No: see overleaf"]).isEmpty)
        XCTAssertTrue(values(.hospitalNumber, ["Patent ideas 1234567"]).isEmpty, "no label: ideas is no ID")
        // One line read twice, once with the number's leading letter lost (surer): the cut reading gives way.
        XCTAssertEqual(values(.hospitalNumber, ["Hosp. No. 0007415", "Hosp.No: | M0007415"]), ["M0007415"])
        XCTAssertEqual(values(.hospitalNumber, ["Hosp. No. 0007415"]), ["0007415"], "alone, it stands")
        XCTAssertEqual(Set(values(.hospitalNumber, ["Hosp No: M1234567", "MRN: 7654321"])), ["M1234567", "7654321"],
                       "two numbers that are not one cut short both stand")
        // A code that carries the printed number is the same hospital number, from two readings.
        let items = [RecognizedItem(id: "b1", kind: .barcode, format: .code128, text: "M1234567", bounds: .init(x: 0, y: 0, width: 9, height: 9), confidence: 1),
                     RecognizedItem(id: "t1", kind: .text, text: "Hosp No: M1234567", bounds: .init(x: 0, y: 40, width: 9, height: 9), confidence: 0.9)]
        let hosp = builder.build(items: items, region: gb).suggestions.filter { $0.type == .hospitalNumber }
        XCTAssertEqual(hosp.count, 1)
        XCTAssertEqual(Set(hosp[0].from), ["b1", "t1"])
        XCTAssertFalse(builder.build(items: items, region: gb).suggestions.contains { $0.type == .membership })
    }

    func testHospitalNumberSlipAfterItsFirstDigitIsRepaired() {
        XCTAssertEqual(HospitalNumberFinder.match(in: "Hosp No RR12@45678"), .init(value: "RR12045678", repaired: true))
        XCTAssertEqual(HospitalNumberFinder.match(in: "Hospital URN: J12345]"), .init(value: "J123451", repaired: true))
        XCTAssertEqual(HospitalNumberFinder.match(in: "MRN: 12345678"), .init(value: "12345678", repaired: false))
        XCTAssertNil(HospitalNumberFinder.match(in: "Hosp No RR1@4S678"), "two slips")
        XCTAssertNil(HospitalNumberFinder.match(in: "Hosp No: see overleaf"))
        XCTAssertEqual(HospitalNumberFinder.match(in: "Unit No: SO123456")?.value, "SO123456", "letters before the first digit are the prefix")
        let repaired = builder.build(items: [RecognizedItem(id: "t1", kind: .text, text: "Hosp No RR12@45678",
                                                            bounds: .init(x: 0, y: 0, width: 9, height: 9), confidence: 0.9)],
                                     region: gb).suggestions.first { $0.type == .hospitalNumber }
        XCTAssertEqual(repaired?.checks, ["label", "ocr-repaired"])
        XCTAssertLessThan(repaired?.confidence ?? 1, 0.7)
    }

    func testKindsAndOrdering() {
        XCTAssertEqual(Set(SuggestionKind.allCases.map(\.rawValue)), [
            "nhsNumber", "jerseySocialSecurity", "guernseySocialSecurity", "nationalInsurance", "jerseyHealthId",
            "guernseyHealthDetails", "jerseyPatientId", "hospitalNumber", "loyalty", "membership", "name", "dateOfBirth",
            "postcode", "address"])
        for region in Region.allCases {
            let cards = SuggestionOrdering.cards(for: region)
            for kind in SuggestionKind.allCases where !kind.isField {
                for field in SuggestionOrdering.fields {
                    XCTAssertLessThan(SuggestionOrdering.position(of: kind, in: region), SuggestionOrdering.position(of: field, in: region))
                }
            }
            XCTAssertEqual(cards.map { SuggestionOrdering.position(of: $0, in: region) }, Array(0..<cards.count))
        }
        XCTAssertTrue(SuggestionOrdering.key(valid: true, kind: .postcode, confidence: 0.1, region: .gb)
                      < SuggestionOrdering.key(valid: false, kind: .nhsNumber, confidence: 0.99, region: .gb), "valid first")
    }
}
