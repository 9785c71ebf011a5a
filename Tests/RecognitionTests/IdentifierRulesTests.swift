import CardModel
@testable import Recognition
import XCTest

/// Issue 13: no false "valid" and no misparse on inputs a real card can carry. Synthetic identities only.
final class IdentifierRulesTests: XCTestCase {
    let builder = SuggestionBuilder(today: SimpleDate(year: 2026, month: 11, day: 22)!, givenNames: .installedForTests)
    let box = Quad(x: 0, y: 0, width: 10, height: 10)
    let gb = RegionResolution(code: .gb, basis: .timezone)
    let je = RegionResolution(code: .je, basis: .timezone)

    func line(_ id: String, _ text: String, confidence: Double = 0.9) -> RecognizedItem {
        RecognizedItem(id: id, kind: .text, text: text, bounds: Quad(x: 0, y: Int(id.dropFirst())! * 40, width: 300, height: 30),
                       confidence: confidence)
    }
    func code(_ text: String, _ format: BarcodeFormat = .code128, gs1: Bool = false) -> RecognizedItem {
        RecognizedItem(id: "b1", kind: .barcode, format: format, text: text, gs1: gs1 ? true : nil, bounds: box, confidence: 1)
    }
    /// A GSRN for NHS number `nhs` under a made-up company prefix, with its GS1 check digit.
    func gsrn(_ nhs: String, prefix: String = "5000000") -> String {
        let body = prefix + nhs
        return body + String((0...9).first { GS1ElementString.passesMod10(body + String($0)) }!)
    }

    // 1. A membership code that passes Modulus 11 is not an NHS number without the card saying so.
    func testBarcodeAloneIsAMembershipCodeUnlessTheCardSaysNHS() {
        XCTAssertTrue(NHSNumber(digits: "5000000005")!.passesModulus11)
        let gym = builder.build(items: [code("5000000005"), line("t1", "Fitness Club")], region: gb).suggestions
        XCTAssertEqual(gym.first?.type, .membership)
        XCTAssertFalse(gym.contains { $0.type == .nhsNumber })
        // A test-range number in a code, alone: still a membership code.
        XCTAssertFalse(builder.build(items: [code("9990000018")], region: gb).suggestions.contains { $0.type == .nhsNumber })
        // Reverse: the card says NHS.
        for text in ["NHS Number", "CHI No"] {
            let top = builder.build(items: [code("9990000018"), line("t1", text)], region: gb).suggestions.first
            XCTAssertEqual(top?.type, .nhsNumber, text)
            XCTAssertEqual(top?.valid, true, text)
        }
    }

    /// Issue 36: a code and the digits printed under it are one piece of evidence. A gym card's Code 128 that passes
    /// Modulus 11 in an issued range, its digits printed below, is a membership code; an NHS card with its label
    /// and code, and a wristband with a name, a date of birth and a code of the number and no label, are NHS numbers.
    func testACodeAndItsPrintedDigitsAreOneWitness() {
        let gym = builder.build(items: [code("4000000632"), line("t1", "CITY GYM"), line("t2", "Member since 2019"),
                                        line("t3", "Valid at all clubs"), line("t4", "4000000632")], region: gb).suggestions
        XCTAssertFalse(gym.contains { $0.type == .nhsNumber && $0.valid }, "\(gym.map { ($0.type, $0.valid) })")
        XCTAssertEqual(gym.first?.type, .membership)
        XCTAssertFalse(builder.build(items: [code("9990000018"), line("t1", "9990000018")], region: gb).suggestions
            .contains { $0.type == .nhsNumber && $0.valid }, "the number printed under its code, nothing else")
        // Printed in the NHS's 3 3 4 grouping, on a card whose words make it a membership's.
        let grouped = builder.build(items: [code("4000000632"), line("t1", "CITY GYM"), line("t2", "Member since 2019"),
                                            line("t3", "400 000 0632")], region: gb).suggestions
        XCTAssertFalse(grouped.contains { $0.type == .nhsNumber && $0.valid })
        let card = builder.build(items: [code("9990000018"), line("t1", "NHS Number"), line("t2", "999 000 0018")], region: gb)
            .suggestions.first
        XCTAssertEqual(card?.type, .nhsNumber)
        XCTAssertEqual(card?.valid, true)
        let band = builder.build(items: [code("9990000018"), line("t1", "EXAMPLE, Alex"), line("t2", "DOB 14/07/1945"),
                                         line("t3", "9990000018")], region: gb).suggestions.first { $0.type == .nhsNumber }
        XCTAssertEqual(band?.valid, true)
        // `NHS Number` misread as `NS Member` beside the number does not make a letter a membership card.
        let letter = builder.build(items: [line("t1", "Dear Dr Example"), line("t2", "NS Member | 999 000 0018"),
                                           line("t3", "AOS Nemiver 999 000 0018")], region: gb).suggestions
        XCTAssertTrue(letter.contains { $0.type == .nhsNumber && $0.valid })
    }

    // 2. Unissued ranges never validate.
    func testUnissuedRangesAreNotValid() {
        for prefix in ["000", "312", "500", "555", "800", "998"] {
            let nine = Array(prefix + "000000").compactMap(\.wholeNumberValue)
            guard let check = NHSNumber.modulus11CheckDigit(nine) else { continue }
            let number = NHSNumber(digits: prefix + "000000" + String(check))!
            XCTAssertTrue(number.passesModulus11, prefix)
            XCTAssertFalse(NHSNumber.isValid(number.digits), prefix)
            XCTAssertNotNil(NHSNumber.invalidity(of: number.digits), prefix)
        }
        XCTAssertEqual(NHSNumber.invalidity(of: "5000000005")?.description,
                       "is outside the issued ranges (NHS 400–499 and 600–799, CHI 010–311, H&C 320–399 million)")
        // Reverse: each issued range, and the test range (kept valid, marked range:test).
        for digits in ["4000000632", "3462950622", "0101011113", "9990000018"] {
            XCTAssertTrue(NHSNumber.isValid(digits), digits)
        }
        let labelled = builder.build(items: [line("t1", "NHS No: 500 000 0005")], region: gb).suggestions
        XCTAssertEqual(labelled.first { $0.type == .nhsNumber }?.valid, false)
    }

    // 3. GS1: AI lengths from the specification; GSRN check digit; AI 91 only on a wristband-shaped reading.
    func testGS1ApplicationIdentifiers() {
        let pack = GS1ElementString("0109501101530008" + "3103000123" + "15261231")!
        XCTAssertEqual(pack.fields.map(\.ai), ["01", "3103", "15"])
        XCTAssertEqual(pack.value("3103"), "000123")
        let fixed = GS1ElementString("0109501101530008" + "4145012345678900" + "10LOT7")!
        XCTAssertEqual(fixed.value("414"), "5012345678900")
        XCTAssertEqual(fixed.value("10"), "LOT7")
        XCTAssertEqual(GS1ElementString("0309501101530008" + "17421231")?.value("03"), "09501101530008")
        XCTAssertEqual(GS1ElementString("7001123456789012310212345")?.value("7001"), "1234567890123")
        XCTAssertEqual(GS1ElementString("3922499\u{1D}8018" + gsrn("9990000018"))?.value("3922"), "499")
        // GSRN check digit.
        let good = GS1ElementString("8018" + gsrn("9990000018"))!
        XCTAssertEqual(good.nhsNumberInGSRN?.digits, "9990000018")
        var bad = Array(gsrn("9990000018")); bad[17] = bad[17] == "0" ? "1" : "0"
        let badBand = GS1ElementString("8018" + String(bad) + "91H123456")!
        XCTAssertNil(badBand.nhsNumberInGSRN)
        XCTAssertNil(Wristband.patientID(in: code("8018" + String(bad) + "91H123456", .dataMatrix, gs1: true), wristbandMode: true))
    }

    func testAI91IsAPatientIDOnlyOnAWristband() {
        let medicine = code("0109501101530008" + "17261231" + "10ABC1\u{1D}91XYZ123", .dataMatrix, gs1: true)
        for region in [gb, je] {
            let s = builder.build(items: [medicine], region: region).suggestions
            XCTAssertFalse(s.contains { $0.type == .jerseyPatientId || $0.type == .hospitalNumber }, "\(region.code)")
        }
        XCTAssertNil(Wristband.patientID(in: medicine, wristbandMode: false))
        // Reverse: AI 8018 present, or the wristband mode.
        let band = code("8018" + gsrn("9990000018") + "91H123456", .dataMatrix, gs1: true)
        XCTAssertEqual(builder.build(items: [band], region: je).suggestions.first?.value, "H123456")
        let gbBand = builder.build(items: [band], region: gb).suggestions
        XCTAssertEqual(gbBand.first { $0.type == .hospitalNumber }?.value, "H123456")
        XCTAssertEqual(gbBand.first?.type, .nhsNumber)
        XCTAssertEqual(Wristband.patientID(in: medicine, wristbandMode: true)?.value, "XYZ123")
    }

    // 4. One wristband rule.
    func testOneWristbandRule() {
        let gsrnOnly = code("8018" + gsrn("9990000018"), .dataMatrix, gs1: true)
        XCTAssertEqual(Wristband.patientID(in: gsrnOnly, wristbandMode: true)?.value, gsrn("9990000018"), "the GSRN, not the element string")
        XCTAssertEqual(Wristband.patientID(in: gsrnOnly, wristbandMode: false)?.value, gsrn("9990000018"))
        let code128 = code("J123456")
        XCTAssertEqual(Wristband.patientID(in: code128, wristbandMode: true)?.value, "J123456")
        XCTAssertEqual(Wristband.patientID(in: code128, wristbandMode: true)?.codeType, .code128)
        XCTAssertNil(Wristband.patientID(in: code128, wristbandMode: false))
        XCTAssertEqual(Wristband.patientID(in: code("URN:J123456", .qrCode), wristbandMode: true)?.value, "J123456")
        XCTAssertNil(Wristband.patientID(in: code("5012345678900", .ean13), wristbandMode: true), "a retail code is no band")
        // The suggestions agree: a Code 128 band in wristband mode is the default Jersey Patient ID.
        let jeOption = RegionResolution(code: .je, basis: .option)
        let band = SuggestionBuilder(today: builder.today, wristband: true, givenNames: .installedForTests).build(items: [code128], region: jeOption).suggestions
        XCTAssertEqual(band.first?.type, .jerseyPatientId)
        XCTAssertEqual(band.first?.card, Wristband.card(for: Wristband.patientID(in: code128, wristbandMode: true)!))
        XCTAssertEqual(band.first?.card?.isDefault, true)
        XCTAssertEqual(builder.build(items: [code128], region: jeOption).suggestions.first?.type, .membership)
    }

    // 5. Social security numbers.
    func testSocialSecurityNumbers() {
        XCTAssertTrue(SocialSecurityNumber.find(in: "GY1234567").isEmpty, "the digit run must end")
        XCTAssertTrue(SocialSecurityNumber.find(in: "JY1234567A").isEmpty)
        // A Jersey suffix read as its digit look-alike where the run ends: repaired, and said to be.
        XCTAssertEqual(SocialSecurityNumber.matches(in: "Number: JY 29 46 148"), [.init(number: .jersey("JY294614B"), repaired: true)])
        XCTAssertTrue(SocialSecurityNumber.matches(in: "JY 29 46 1484").isEmpty, "a longer run is no number")
        XCTAssertTrue(SocialSecurityNumber.matches(in: "JY 29 46 147").isEmpty, "7 is no suffix letter's look-alike")
        XCTAssertEqual(SocialSecurityNumber.find(in: "GY 12 34 56 A"), [.guernsey("GY123456")])
        XCTAssertEqual(SocialSecurityNumber.find(in: "GY123456"), [.guernsey("GY123456")])
        // JY and GY are the islands' numbers, never NINOs (HMRC allocates neither prefix to a NINO).
        XCTAssertEqual(SocialSecurityNumber.find(in: "JY 12 34 56 A"), [.jersey("JY123456A")])
        XCTAssertFalse(SocialSecurityNumber.isValidNINOPrefix("JY"))
        XCTAssertFalse(SocialSecurityNumber.isValidNINOPrefix("GY"))
        XCTAssertTrue(SocialSecurityNumber.find(in: "JY 12 34 56 E").isEmpty)
        XCTAssertEqual(SocialSecurityNumber.find(in: "AB 12 34 56 C"), [.nationalInsurance("AB123456C")])
    }

    // 6. Dates: roles per date, labels as words, no date in an address, newborns, more forms.
    func testDateRolesAndForms() {
        let today = builder.today
        let both = DateFinder.find(in: "DOB: 01/02/1980 Issued: 03/04/2020", today: today)
        XCTAssertEqual(both.map(\.date.iso), ["1980-02-01", "2020-04-03"])
        XCTAssertEqual(both.map(\.role), [.dateOfBirth, .expiryOrIssue])
        let s = builder.build(items: [line("t1", "DOB: 01/02/1980 Issued: 03/04/2020")], region: gb).suggestions
        XCTAssertEqual(s.filter { $0.type == .dateOfBirth }.map(\.value), ["1980-02-01"])
        XCTAssertEqual(DateFinder.find(in: "Mr Osborne 12/03/1990", today: today).first?.role, .unlabelled)
        XCTAssertEqual(DateFinder.find(in: "Expert 12/03/1990", today: today).first?.role, .unlabelled)
        XCTAssertEqual(DateFinder.find(in: "Exp 12/03/2029", today: today).first?.role, .expiryOrIssue)
        XCTAssertEqual(DateFinder.find(in: "Valid from 12/03/2024", today: today).first?.role, .expiryOrIssue)
        XCTAssertEqual(DateFinder.find(in: "Born 12/03/1990", today: today).first?.role, .dateOfBirth)
        XCTAssertTrue(DateFinder.isPlausibleBirthDate(today, today: today), "a newborn's band")
        XCTAssertEqual(DateFinder.find(in: "Born 14th July 1945", today: today).map(\.date.iso), ["1945-07-14"])
        XCTAssertEqual(DateFinder.find(in: "DOB: 14/07/45", today: today).map(\.date.iso), ["1945-07-14"])
        XCTAssertEqual(DateFinder.find(in: "DOB: 01/02/20", today: today).map(\.date.iso), ["2020-02-01"])
        XCTAssertTrue(DateFinder.find(in: "Valid 01/02/20", today: today).isEmpty, "two-digit years only after a birth label")
        let address = builder.build(items: [line("t1", "12 Example Road"), line("t2", "01/02/1980"), line("t3", "St Example"),
                                            line("t4", "JE2 3AB")], region: gb).suggestions
        let joined = address.first { $0.type == .address }?.value ?? ""
        XCTAssertFalse(joined.contains("1980"), joined)
        XCTAssertEqual(joined, "St Example, JE2 3AB")
    }

    // 7. Names.
    func testNames() {
        XCTAssertNil(NameFinder.find(in: "ST HELIER, Jersey"))
        XCTAssertEqual(NameFinder.find(in: "Name: Alex J Example"), "Alex J Example")
        XCTAssertEqual(NameFinder.find(in: "O'NEILL, Pat"), "Pat O'Neill")
        XCTAssertEqual(NameFinder.find(in: "Name: Sam Sample-Smith"), "Sam Sample-Smith")
        XCTAssertEqual(NameFinder.find(in: "SAMPLE-SMITH, Sam"), "Sam Sample-Smith")
        // Surnames that are also address words, printed as surnames are; the same words in an address stay out.
        XCTAssertEqual(NameFinder.find(in: "HALL, Joseph"), "Joseph Hall")
        XCTAssertEqual(NameFinder.find(in: "WARD, Alex J"), "Alex J Ward")
        XCTAssertEqual(NameFinder.unlabelled("Rachel LANE"), "Rachel LANE")
        XCTAssertNil(NameFinder.find(in: "HALL LANE, Jersey"))
        XCTAssertNil(NameFinder.find(in: "COURT HOUSE, Guernsey"))
        XCTAssertNil(NameFinder.unlabelled("Church Hall"))
        XCTAssertNil(NameFinder.unlabelled("Northgate DIY"), "a shop's name on a trade card")
        XCTAssertNil(NameFinder.unlabelled("HOSPITAL HALL"))
        XCTAssertNil(NameFinder.unlabelled("Hall Lane"))
        // A space OCR read inside the label.
        XCTAssertEqual(NameFinder.find(in: ". N ame: Quinn Testwood"), "Quinn Testwood")
        XCTAssertEqual(NameFinder.find(in: "Na me: Quinn Testwood"), "Quinn Testwood")
        XCTAssertNil(NameFinder.find(in: "Dr Quinn Nam: 12"))
        let s = builder.build(items: [line("t1", "EXAMPLE, Jordan")], region: gb).suggestions.first { $0.type == .name }
        XCTAssertEqual(s?.value, "Jordan Example")
        XCTAssertEqual(s?.checks, ["form:surname-first"], "not labelled")
        let labelled = builder.build(items: [line("t1", "Name: Jordan Example")], region: gb).suggestions.first { $0.type == .name }
        XCTAssertEqual(labelled?.checks, ["labelled"])
    }

    // 8. Validation by name; EAN-8 code type.
    func testValidationByNameAndEAN8() {
        XCTAssertNil(CardValidation.refusal(name: "Chiropractic Clinic", number: "M-4471", category: "Healthcare", region: .gb))
        XCTAssertEqual(CardValidation.refusal(name: "CHI Number", number: "M-4471", category: "Healthcare", region: .gb)?.reason, .invalid)
        XCTAssertEqual(CardValidation.refusal(name: "NHS Number", number: "500 000 0005", category: "Healthcare", region: .gb)?.reason, .invalid)
        // Item 2's lower class: the test range is valid but refused without --no-validate (TestRangeSavingTests).
        XCTAssertEqual(CardValidation.refusal(name: "NHS Number", number: "999 000 0018", category: "Healthcare", region: .gb), .testNumber)
        let ean8 = builder.build(items: [code("73445610", .ean8)], region: gb).suggestions.first
        XCTAssertEqual(ean8?.type, .loyalty)
        XCTAssertEqual(ean8?.card?.codeType, .ean8)
        XCTAssertEqual(CodeType(format: .ean8), .ean8)
        XCTAssertEqual(builder.build(items: [code("5012345678900", .ean13)], region: gb).suggestions.first?.card?.codeType, .ean13)
    }
}
