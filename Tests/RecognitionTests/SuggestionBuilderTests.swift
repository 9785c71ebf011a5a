import CardModel
@testable import Recognition
import XCTest

final class SuggestionBuilderTests: XCTestCase {
    let builder = SuggestionBuilder(today: SimpleDate(year: 2026, month: 11, day: 22)!, givenNames: .installedForTests)
    let box = Quad(x: 0, y: 0, width: 10, height: 10)
    let gbTimezone = RegionResolution(code: .gb, basis: .timezone)

    func line(_ id: String, _ text: String, confidence: Double = 0.9) -> RecognizedItem {
        RecognizedItem(id: id, kind: .text, text: text, bounds: Quad(x: 0, y: Int(id.dropFirst())! * 40, width: 300, height: 30),
                       confidence: confidence)
    }

    func testBarcodeAndPrintedNumberJoinAndRankFirst() {
        let items = [
            RecognizedItem(id: "b1", kind: .barcode, format: .code128, text: "9990000018", bounds: box, confidence: 1),
            line("t1", "Name: Alex Example"),
            line("t2", "NHS No: 999 000 0018"),
            line("t3", "123 456 7890"),
        ]
        let out = builder.build(items: items, region: gbTimezone)
        let top = out.suggestions[0]
        XCTAssertEqual(top.type, .nhsNumber)
        XCTAssertEqual(top.value, "9990000018")
        XCTAssertEqual(top.display, "999 000 0018")
        XCTAssertTrue(top.valid)
        XCTAssertEqual(Set(top.from), ["b1", "t2"])
        XCTAssertGreaterThan(top.confidence, 0.95)
        XCTAssertEqual(top.card, CardCandidate(name: "NHS Number", number: "9990000018", category: "Healthcare", region: .gb, codeType: .code128))
        XCTAssertEqual(top.bounds, items[2].bounds, "the printed number is what a person taps")
        // The failing 10-digit number is listed, invalid, below every valid suggestion.
        let bad = out.suggestions.first { $0.value == "1234567890" }!
        XCTAssertFalse(bad.valid)
        XCTAssertEqual(bad.problem, "fails the Modulus 11 check")
        let lastValid = out.suggestions.lastIndex { $0.valid }!
        XCTAssertGreaterThan(out.suggestions.firstIndex { $0.value == "1234567890" }!, lastValid)
        XCTAssertTrue(out.suggestions.contains { $0.type == .name && $0.value == "Alex Example" })
    }

    func testJerseyPostcodeRefinesRegionAndBuildsTheJHCIString() {
        let items = [line("t1", "Name: Jordan Example"), line("t2", "DOB: 14/07/1945"), line("t3", "12 Example Road"),
                     line("t4", "St Helier"), line("t5", "JE2 3AB")]
        let out = builder.build(items: items, region: gbTimezone)
        XCTAssertEqual(out.region, RegionResolution(code: .je, basis: .evidence))
        let health = out.suggestions.first { $0.type == .jerseyHealthId }!
        XCTAssertEqual(health.value, "Name: Jordan Example, DOB: 14/07/1945, Address: 12 Example Road, St Helier, JE2 3AB")
        XCTAssertEqual(health.card?.name, "Jersey Health ID")
        XCTAssertEqual(health.card?.codeType, .qrCode)
        XCTAssertEqual(out.suggestions.first { $0.type == .dateOfBirth }?.value, "1945-07-14")
        XCTAssertEqual(out.suggestions.first { $0.type == .postcode }?.value, "JE2 3AB")
        // An explicit region is never overridden.
        let explicit = builder.build(items: items, region: RegionResolution(code: .gb, basis: .option))
        XCTAssertEqual(explicit.region.code, .gb)
    }

    func testGuernseyNumberAndLoyaltyCode() {
        let items = [line("t1", "SSN: GY123456"),
                     RecognizedItem(id: "b1", kind: .barcode, format: .ean13, text: "5012345678900", bounds: box, confidence: 1)]
        let out = builder.build(items: items, region: RegionResolution(code: .gg, basis: .environment))
        XCTAssertEqual(out.suggestions[0].type, .guernseySocialSecurity)
        XCTAssertEqual(out.suggestions[0].card?.region, .gg)
        let loyalty = out.suggestions.first { $0.type == .loyalty }!
        XCTAssertTrue(loyalty.valid)
        XCTAssertEqual(loyalty.card?.category, "Loyalty Cards")
        XCTAssertEqual(loyalty.card?.codeType, .ean13)
    }

    func testWristbandGS1InJersey() {
        let items = [RecognizedItem(id: "b1", kind: .barcode, format: .dataMatrix, text: "8018795000000000000012\u{1D}91JE123456",
                                    gs1: true, bounds: box, confidence: 1)]
        let out = builder.build(items: items, region: RegionResolution(code: .je, basis: .timezone))
        XCTAssertEqual(out.suggestions[0].type, .jerseyPatientId)
        XCTAssertEqual(out.suggestions[0].value, "JE123456")
        XCTAssertEqual(out.suggestions[0].card?.isDefault, true)
        XCTAssertEqual(out.suggestions[0].card?.name, "Jersey Patient ID")
    }

    /// Found by fuzzing (`Tests/Fuzz/recognition/corpus/gs1-empty-ai91.txt`): GS1 content with an empty AI 91, or
    /// with neither AI 91 nor a GSRN, is no patient ID.
    func testGS1WithoutAPatientNumberSuggestsNoPatientID() {
        for text in ["8018795000000000000012\u{1D}91", "0109501101530008\u{1D}17261231", "\u{1D}91\u{1D}"] {
            let items = [RecognizedItem(id: "b1", kind: .barcode, format: .dataMatrix, text: text, gs1: true, bounds: box, confidence: 1)]
            let out = builder.build(items: items, region: RegionResolution(code: .je, basis: .timezone))
            XCTAssertFalse(out.suggestions.contains { $0.type == .jerseyPatientId }, text.debugDescription)
            XCTAssertFalse(out.suggestions.contains { $0.valid && $0.value.isEmpty }, text.debugDescription)
        }
    }

    func testInvalidNHSNeverAboveValid() {
        let items = [line("t1", "NHS No 999 000 0019", confidence: 0.99), line("t2", "NHS No 999 000 0018", confidence: 0.5)]
        let out = builder.build(items: items, region: gbTimezone)
        XCTAssertEqual(out.suggestions.map(\.value).prefix(2), ["9990000018", "9990000019"])
    }

    // MARK: Codes that vouch for unchecked values (invented numbers)

    func testACodeCarryingAJerseyNumberIsTheNumberNotAMembershipCard() {
        let items = [
            RecognizedItem(id: "b1", kind: .barcode, format: .code128, text: "JY123456A", bounds: box, confidence: 1),
            line("t1", "SS No: JY¥123456A"),
        ]
        let out = builder.build(items: items, region: gbTimezone)
        let jy = out.suggestions.filter { $0.type == .jerseySocialSecurity }
        XCTAssertEqual(jy.map(\.value), ["JY123456A"], "the code and the printed Y read twice are one number")
        XCTAssertEqual(Set(jy[0].from), ["b1", "t1"])
        XCTAssertTrue(jy[0].checks.contains("barcode"))
        XCTAssertFalse(out.suggestions.contains { $0.type == .membership })
        XCTAssertEqual(out.region.code, .je)
    }

    func testAPrintedSlipOfACodesHospitalNumberJoinsTheCode() {
        let items = [
            RecognizedItem(id: "b1", kind: .barcode, format: .code128, text: "URN:J123456", bounds: box, confidence: 1),
            line("t1", "Unit No: J123458"),
            line("t2", "Hospital URN: J12345"),
        ]
        let out = builder.build(items: items, region: gbTimezone)
        let hosp = out.suggestions.filter { $0.type == .hospitalNumber }
        XCTAssertEqual(hosp.map(\.value), ["J123456"], "slips of the code's value are not offered as other numbers")
        XCTAssertEqual(Set(hosp[0].from), ["b1", "t1", "t2"])
        // A printed number far from the code's is another number, and stays.
        let other = builder.build(items: [items[0], line("t1", "MRN: 7654321")], region: gbTimezone).suggestions
        XCTAssertEqual(Set(other.filter { $0.type == .hospitalNumber }.map(\.value)), ["J123456", "7654321"])
    }

    /// Two passes over a wristband read its name two ways (cards-dev 0024 tilted: `FALLA, Arthur` and `PALLA,
    /// Arthur`): one holder, so the surer reading is the valid name and the other an alternative, not valid.
    func testOneHolderNameIsValid() {
        let items = [line("t1", "EXAMPLE, Alex", confidence: 0.92), line("t2", "NHS: 999 000 0018"),
                     line("t3", "EXAMPIE, Alex", confidence: 0.61)]
        let names = builder.build(items: items, region: gbTimezone).suggestions.filter { $0.type == .name }
        XCTAssertEqual(names.filter(\.valid).map(\.value), ["Alex Example"])
        XCTAssertEqual(names.filter { !$0.valid }.map(\.value), ["Alex Exampie"])
        XCTAssertEqual(names.first { !$0.valid }?.problem, "another reading of the holder's name is surer")
        // The same name read twice is one suggestion, and valid.
        let twice = builder.build(items: [line("t1", "EXAMPLE, Alex"), line("t2", "Name: Alex Example")], region: gbTimezone)
        XCTAssertEqual(twice.suggestions.filter { $0.type == .name }.map(\.valid), [true])
    }

    /// One holder, one date of birth: two passes over a keystoned card read `03/05/1982` and `08/08/1982`
    /// (cards-dev 0024), both plausible; the surer stays valid, the other is an alternative.
    func testOneDateOfBirthIsValid() {
        let items = [line("t1", "Date of birth: 03/05/1982", confidence: 0.92), line("t2", "Name: Alex Example"),
                     line("t3", "Date of birth: 08/08/1982", confidence: 0.7)]
        let dates = builder.build(items: items, region: gbTimezone).suggestions.filter { $0.type == .dateOfBirth }
        XCTAssertEqual(dates.filter(\.valid).map(\.value), ["1982-05-03"])
        XCTAssertEqual(dates.filter { !$0.valid }.map(\.value), ["1982-08-08"])
        XCTAssertEqual(dates.first { !$0.valid }?.problem, "another reading of the holder's date of birth is surer")
    }

    /// Unlabelled dates that disagree (a band's date under a streaked window read `1911` and `1944` by two passes,
    /// cards-dev3 0046): none is offered as the sure date of birth unless one is half as sure again as the other.
    /// A labelled date keeps the surest-wins rule.
    func testUnlabelledDatesThatDisagreeAreNoSureDateOfBirth() {
        let items = [line("t1", "Name: Alex Example"), line("t2", "Cirthdale 1911-03-29", confidence: 0.46),
                     line("t3", "Ciilhduls 1944-03-29", confidence: 0.36)]
        let dates = builder.build(items: items, region: gbTimezone).suggestions.filter { $0.type == .dateOfBirth }
        XCTAssertEqual(Set(dates.map(\.value)), ["1911-03-29", "1944-03-29"])
        XCTAssertEqual(dates.filter(\.valid).map(\.value), [])
        XCTAssertTrue(dates.contains { $0.problem == SuggestionBuilder.unlabelledDatesDisagree })
        let surer = [items[0], line("t2", "Cirthdale 1911-03-29", confidence: 0.9), items[2]]
        let one = builder.build(items: surer, region: gbTimezone).suggestions.filter { $0.type == .dateOfBirth && $0.valid }
        XCTAssertEqual(one.map(\.value), ["1911-03-29"], "much surer than the other reading")
    }

    /// Several slips can pass Mod 11 (cards-dev 0076's wristband remade dim, noisy and median-filtered:
    /// `640 847 2184` printed, `649 847 7164` read, three slips, both valid). Invented test-range numbers: 999 000 0018, 999 180 0018 (two digits
    /// apart) and 999 000 0182 (three) all pass.
    func testADoubleSlipOfACodesNHSNumberJoinsTheCode() {
        let items = [
            RecognizedItem(id: "b1", kind: .barcode, format: .code128, text: "9990000018", bounds: box, confidence: 1),
            line("t1", "NHS No: 999 180 0018"),
        ]
        let nhs = builder.build(items: items, region: gbTimezone).suggestions.filter { $0.type == .nhsNumber }
        XCTAssertEqual(nhs.map(\.value), ["9990000018"], "the misread number is the code's, not another")
        XCTAssertEqual(Set(nhs[0].from), ["b1", "t1"])
    }

    func testOnlyTheSurerOfTwoNearNHSReadingsIsValid() {
        let items = [line("t1", "NHS No: 999 000 0018", confidence: 0.9), line("t2", "NHS No: 999 180 0018", confidence: 0.6),
                     line("t3", "NHS No: 999 000 0182", confidence: 0.5)]
        let nhs = builder.build(items: items, region: gbTimezone).suggestions.filter { $0.type == .nhsNumber }
        XCTAssertEqual(nhs.filter(\.valid).map(\.value), ["9990000018"])
        XCTAssertEqual(nhs.filter { !$0.valid }.map(\.value), ["9991800018", "9990000182"])
        XCTAssertEqual(nhs.first { !$0.valid }?.problem, "another reading of this number is surer")
        // Two numbers far apart may be two people's (a letter about a mother and her baby): both stay valid.
        let two = builder.build(items: [line("t1", "NHS No: 999 000 0018"), line("t2", "NHS No: 999 456 7896")],
                                region: gbTimezone).suggestions
        XCTAssertEqual(two.filter { $0.type == .nhsNumber && $0.valid }.count, 2)
    }
}
