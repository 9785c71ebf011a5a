import CardModel
@testable import Recognition
import XCTest

/// Issue 56: names in the layouts cards-dev3's kind of photo shows (invented surnames only): over two lines on a
/// wristband or a label, surname first, each beside the band's next field; after a label in words (`Name of holder`,
/// `Card holder name`).
final class BandNameTests: XCTestCase {
    let builder = SuggestionBuilder(today: SimpleDate(year: 2026, month: 12, day: 4)!, givenNames: .installedForTests)
    let gb = RegionResolution(code: .gb, basis: .timezone)

    /// Lines at (x, y) 30 px tall, 300 wide.
    func line(_ id: Int, _ text: String, x: Int = 100, y: Int) -> RecognizedItem {
        RecognizedItem(id: "t\(id)", kind: .text, text: text, bounds: Quad(x: x, y: y, width: 300, height: 30), confidence: 0.93)
    }
    func names(_ lines: [RecognizedItem]) -> [String] {
        builder.build(items: lines, region: gb).suggestions.filter { $0.type == .name && $0.valid }.map(\.value)
    }

    func testASurnameOverAGivenNameEachBesideAField() {
        XCTAssertEqual(names([line(1, "TESTWOOD NHS: 999 120 5675", y: 100), line(2, "Noah", y: 140)]), ["Noah TESTWOOD"])
        XCTAssertEqual(names([line(1, "EXAMPLE", y: 100), line(2, "Siobhan (Dr) Hospital URN: J154939", y: 140)]), ["Siobhan EXAMPLE"])
        XCTAssertEqual(names([line(1, "LE SAMPLE DOB/Age: 1957-06-16 (69y)", y: 100), line(2, "Joan (Miss)", y: 140)]), ["Joan LE SAMPLE"])
        XCTAssertEqual(names([line(1, "ASHWORTH-EXAMPLE NHS N:999 811 7350", y: 100), line(2, "Mhairi (Mrs) Trust No: 7792725", y: 140)]),
                       ["Mhairi ASHWORTH-EXAMPLE"])
    }

    /// A Mc surname in capitals over its given name (`McEXAMPLE` printed as spelled), with the band's birth label run
    /// into it by the reader (`McEXAMPLED/O/B: …`: the surname large, the label small, no space read between): the
    /// label is spaced off, so the surname ends before it and the date is a labelled birth date.
    func testAMcSurnameWithItsBirthLabelRunIntoIt() {
        let band = [line(1, "McEXAMPLED/O/B: 30/11/1962", y: 100), line(2, "Lily", y: 140)]
        XCTAssertEqual(names(band), ["Lily McEXAMPLE"])
        let dob = builder.build(items: band, region: gb).suggestions.first { $0.type == .dateOfBirth }
        XCTAssertEqual(dob?.value, "1962-11-30")
        XCTAssertEqual(dob?.checks.contains("labelled"), true)
        XCTAssertEqual(Labels.gluedBirthLabelSpaced("McEXAMPLED/O/B: 30/11/1962"), "McEXAMPLE D/O/B: 30/11/1962")
        XCTAssertEqual(Labels.gluedBirthLabelSpaced("EXAMPLED.0.B. 30/11/1962"), "EXAMPLE D.0.B. 30/11/1962")
        XCTAssertEqual(Labels.gluedBirthLabelSpaced("Wood/O/Bank 12"), "Wood/O/Bank 12", "a word goes on past it")
        XCTAssertEqual(Labels.gluedBirthLabelSpaced("ROBINSONDOB 30/11/1962"), "ROBINSONDOB 30/11/1962", "the bare DOB stays")
        XCTAssertTrue(BandName.inCapitals("MacEXAMPLE"))
        XCTAssertFalse(BandName.inCapitals("McEX"), "two capitals after the prefix are no surname")
        XCTAssertFalse(BandName.inCapitals("Example"))
    }

    /// A band photographed tilted: each line's box leans with the band (the corners of cards-dev3 0102's lines, turned
    /// about 6°), so its upright extent is twice its print's height and the given name starts half an upright box
    /// under the surname. In the line's own frame it is one line under, at the same start.
    func testATiltedBandsTwoLines() {
        func tilted(_ id: Int, _ text: String, _ corners: [(Int, Int)]) -> RecognizedItem {
            RecognizedItem(id: "t\(id)", kind: .text, text: text, bounds: Quad(corners.map { Point(x: $0.0, y: $0.1) }), confidence: 0.95)
        }
        let surname = tilted(1, "EXAMPLE D/O/B: 1991-09-25", [(631, 433), (994, 469), (990, 512), (627, 476)])
        let given = tilted(2, "Matthew", [(627, 479), (727, 494), (722, 528), (622, 513)])
        XCTAssertEqual(names([surname, given]), ["Matthew EXAMPLE"])
        let offset = LineFrame.offsets(from: surname.bounds)(given.bounds)
        XCTAssertEqual(offset.across, 1.07, accuracy: 0.02)
        XCTAssertEqual(offset.along, 0.01, accuracy: 0.02)
        // The same given name a line further along the band is another field's value, not this name's.
        let along = tilted(2, "Matthew", [(840, 500), (940, 515), (935, 549), (835, 534)])
        XCTAssertEqual(names([surname, along]), [])
    }

    /// Numbered fields: a European Health Insurance Card's `3 Name` over the surname and `4 Given names` over the
    /// given names, in two columns; a plain name label beside a given names label is the surname's.
    func testNumberedNameFieldsInTwoColumns() {
        let card = [line(1, "Global Health Insurance Card", y: 60), line(2, "3 Name", y: 100), line(3, "4 Given names", x: 500, y: 100),
                    line(4, "EXAMPLE", y: 140), line(5, "SUSAN", x: 500, y: 140), line(6, "5 Date of birth", y: 180)]
        XCTAssertEqual(names(card), ["SUSAN EXAMPLE"])
        // Without a given names label, `Name` keeps its meaning: the whole name is under it.
        XCTAssertEqual(names([line(1, "3 Name", y: 100), line(2, "Susan EXAMPLE", y: 140)]), ["Susan EXAMPLE"])
    }

    /// A Mc or Mac surname printed in capitals after its prefix (`MacKINNON` on a loyalty card) is cased as a name;
    /// a garbled word with capitals after other letters is not.
    func testAMacSurnameInCapitals() {
        XCTAssertEqual(NameFinder.unlabelled("Jack MacEXAMPLE"), "Jack MacEXAMPLE")
        XCTAssertTrue(NameFinder.isCasedAsAName("McSAMPLE"))
        XCTAssertTrue(NameFinder.isCasedAsAName("FitzEXAMPLE"))
        XCTAssertFalse(NameFinder.isCasedAsAName("AbCDEF"), "no name's prefix")
        XCTAssertFalse(NameFinder.isCasedAsAName("MacEX"), "two capitals after it are a slip, not a surname")
    }

    /// A clinical system's patient banner: the name, its title in brackets, then the patient's other fields on the
    /// same line, with or without the spaces around its punctuation.
    func testAPatientBanner() {
        XCTAssertEqual(NameFinder.find(in: "EXAMPLE,Rosa(Miss)DOB 10/5/1980(45yrs)Gender Female"), "Rosa Example")
        XCTAssertEqual(NameFinder.find(in: "EXAMPLE, Rosa (Miss)  Born 10th May 1980 (45y)  Gender Female"), "Rosa Example")
        XCTAssertNil(NameFinder.bannerHead("Appointment (Tuesday) 10:30"), "no title in the brackets")
    }

    /// A label that says the surname comes first needs no comma in the value (`DAVIES. George`).
    func testASurnameForenameLabelWithoutAComma() {
        XCTAssertEqual(NameFinder.find(in: "Surname / Forename: EXAMPLE. George"), "George Example")
        XCTAssertEqual(NameFinder.find(in: "Surname / Forename: EXAMPLE George"), "George Example")
        XCTAssertEqual(NameFinder.find(in: "Surname / Forename: EXAMPLE, George"), "George Example")
        XCTAssertEqual(NameFinder.commaMended("LE EXAMPLE Patricia"), "LE EXAMPLE, Patricia")
        XCTAssertNil(NameFinder.commaMended("EXAMPLE"))
    }

    /// Labels over values on a card photographed 13° off level (cards-dev3 0057's corners, names invented): the
    /// forename under its label starts above the label's upright middle, and is found under it in the label's frame.
    func testLabelsOverValuesOnATiltedCard() {
        func tilted(_ id: Int, _ text: String, _ corners: [(Int, Int)]) -> RecognizedItem {
            RecognizedItem(id: "t\(id)", kind: .text, text: text, bounds: Quad(corners.map { Point(x: $0.0, y: $0.1) }), confidence: 0.95)
        }
        let card = [tilted(1, "1. Surname", [(573, 207), (651, 225), (645, 249), (567, 230)]),
                    tilted(2, "2. Forename(s)", [(865, 288), (965, 315), (960, 335), (859, 308)]),
                    tilted(3, "Le Example", [(565, 229), (673, 256), (665, 285), (558, 258)]),
                    tilted(4, "Patricia", [(860, 307), (946, 333), (937, 363), (851, 338)])]
        XCTAssertEqual(names(card), ["Patricia Le Example"])
        let frame = LineFrame(card[1].bounds)!
        XCTAssertEqual(frame.place(card[3].bounds.points[0]).across, 0.94, accuracy: 0.05)
        XCTAssertTrue(frame.sharesAColumn(with: card[3].bounds))
        XCTAssertFalse(frame.sharesAColumn(with: card[2].bounds))
    }

    /// What a reader does to a band's two lines: an apostrophe or a hyphen spaced apart, a mark before the given
    /// name, a given name spaced apart, the band's next label garbled after the surname.
    func testABandNameTheReaderSpacedOrGarbled() {
        XCTAssertEqual(names([line(1, "DELL ' EXAMPLE", y: 100), line(2, "Ham i sh (Mr )", y: 140)]), ["Hamish DELL'EXAMPLE"])
        XCTAssertEqual(names([line(1, "OWUSU - SAMPLE 0c312e. 1$1r 4 +3s", y: 100), line(2, "= Samuel", y: 140)]), ["Samuel OWUSU-SAMPLE"])
        // A mark spaced off one side only.
        XCTAssertEqual(names([line(1, "DELL 'EXAMPLE", y: 100), line(2, "Hamish (Mr)", y: 140)]), ["Hamish DELL'EXAMPLE"])
        XCTAssertEqual(names([line(1, "OWUSU- SAMPLE NHS: 999 120 5675", y: 100), line(2, "Samuel", y: 140)]), ["Samuel OWUSU-SAMPLE"])
        XCTAssertEqual(BandName.joiningSpacedMarks(["O", "'NEILL", "DOB:"]), ["O'NEILL", "DOB:"])
        XCTAssertEqual(BandName.joiningSpacedMarks(["SMITH", "-", "12/03/1980"]), ["SMITH", "-", "12/03/1980"], "no capitals after the mark")
        XCTAssertEqual(BandName.joiningSpacedMarks(["Example", "'s", "CLINIC"]), ["Example", "'s", "CLINIC"], "no capitals before it")
        XCTAssertEqual(names([line(1, "NI BHRIAIN DAs Nurber is 999 120 5675", y: 100), line(2, "Jade (Miss) CRN: 58243786", y: 140)]),
                       ["Jade NÍ BHRIAIN"])
        XCTAssertNil(BandName.surname("TESTWOOD GENERAL Hospital"), "a heading's next word in capitals")
        XCTAssertNil(BandName.surname("TESTWOOD Primary Care Services"), "no field after it")
        XCTAssertEqual(BandName.given("Ann a"), "Anna")
        XCTAssertNil(BandName.given("Maria de Example"), "a particle is no piece of the given name")
    }

    /// A surname's particle written as it is printed where the reader lost its mark; not a given name, not an
    /// unlenited surname.
    func testParticlesMarked() {
        XCTAssertEqual(NameFinder.particlesMarked("POPPY Dell Example"), "POPPY Dell'Example")
        XCTAssertEqual(NameFinder.particlesMarked("Ross NI BHRIAIN"), "Ross NÍ BHRIAIN")
        XCTAssertEqual(NameFinder.particlesMarked("Ross Ni Mhurchu"), "Ross Ní Mhurchu")
        XCTAssertEqual(NameFinder.particlesMarked("Dell Example Smith"), "Dell Example Smith", "a given name")
        XCTAssertEqual(NameFinder.particlesMarked("Wei Ni Example"), "Wei Ni Example", "no lenition after it")
        XCTAssertEqual(NameFinder.particlesMarked("Ross Example"), "Ross Example")
    }

    /// Case and spacing slips on a name's own line: small letters read as capitals where they differ by size alone,
    /// a given name and a surname run together, and a run-together reading elsewhere on the card that would join
    /// a two-word name into one word.
    func testANameWithCaseAndSpacingSlips() {
        XCTAssertEqual(NameFinder.find(in: "EXAMPLE, ThOmaS Date of birth: 26-sep-1953"), "Thomas Example")
        XCTAssertEqual(NameFinder.sizeSlipsMended("ThOmaS"), "Thomas")
        XCTAssertEqual(NameFinder.sizeSlipsMended("MattheW"), "Matthew")
        for kept in ["DeSouza", "McCoy", "MacKINNON", "McDONALD", "OConnor", "FitzPatrick", "VanWyk", "EXAMPLE", "Example"] {
            XCTAssertEqual(NameFinder.sizeSlipsMended(kept), kept)
        }
        XCTAssertEqual(NameFinder.unlabelled("CallumExample"), "Callum Example")
        XCTAssertEqual(names([line(1, "KEVINEXAMPLE", y: 100), line(2, "KEVIN EXAMPLE", y: 300), line(3, "KEVIN EXAMPLE", y: 400)]),
                       ["KEVIN EXAMPLE"])
    }

    /// A `SURNAME, Given` line cut at its left edge (a label sheet's neighbour) gives way to the whole reading of it.
    func testASurnameCutAtItsStartGivesWay() {
        let sheet = [line(1, "CHTERSAMPLE, WEI", y: 100), line(2, "ACHTERSAMPLE, WEI", x: 500, y: 100)]
        XCTAssertEqual(names(sheet), ["WEI Achtersample"])
        XCTAssertTrue(SuggestionBuilder.isCutAtItsStart(["wei", "chtersample"], of: ["wei", "achtersample"]))
        XCTAssertFalse(SuggestionBuilder.isCutAtItsStart(["wei", "ample"], of: ["ann", "achtersample"]), "two words differ")
        XCTAssertFalse(SuggestionBuilder.isCutAtItsStart(["wei", "le"], of: ["wei", "achtersample"]), "too little left")
    }

    /// Not a name: a given name nobody has, a given name in another column, a heading in capitals over a line of
    /// words, a surname line whose next words are no field.
    func testWhatIsNotABandName() {
        if GivenNames.installedForTests != nil {
            XCTAssertEqual(names([line(1, "TESTWOOD NHS: 999 120 5675", y: 100), line(2, "Qwzx", y: 140)]), [])
        }
        XCTAssertEqual(names([line(1, "SAVE 2.00", y: 100), line(2, "NORTHERN LIGHTS", y: 60)]), [], "a given name in capitals")
        XCTAssertEqual(names([line(1, "TESTWOOD NHS: 999 120 5675", y: 100), line(2, "Noah", x: 600, y: 140)]), [])
        XCTAssertEqual(names([line(1, "EMERGENCY", y: 100), line(2, "Contact your practice", y: 140)]), [])
        XCTAssertEqual(names([line(1, "JERSEY General Hospital", y: 100), line(2, "Noah", y: 140)]), [])
        XCTAssertNil(BandName.surname("NHS: 999 120 5675"))
        XCTAssertEqual(BandName.given("Finley (Mr )"), "Finley")
    }

    /// A surname starting with a particle alone on its line (`LE SAMPLE`) is no unlabelled name, though `Le` passes
    /// for a given name.
    func testASurnameWithAParticleAloneIsNoName() {
        XCTAssertEqual(names([line(1, "LE SAMPLE", y: 100), line(2, "St Example Road", y: 300)]), [])
        XCTAssertEqual(names([line(1, "Dell Example", y: 100)]), [])
    }

    /// Labels in words before the value, on islands' cards with a side banner.
    func testANameLabelInWords() {
        XCTAssertEqual(NameFinder.find(in: "Name of holder: TESTWOOD, Yasmin"), "Yasmin Testwood")
        XCTAssertEqual(NameFinder.find(in: "Card holder name Harriet Example"), "Harriet Example")
        XCTAssertEqual(NameFinder.find(in: "Name of holder Lucy Le Sample"), "Lucy Le Sample")
        XCTAssertEqual(names([line(1, "Nom / Name", y: 100), line(2, "Oscar Le Example", y: 140)]), ["Oscar Le Example"])
        let bilingual = [line(1, "Patient Registration Card", y: 60), line(2, "Nom / Name", y: 100), line(3, "Oscar Le Example", y: 140),
                         line(4, "Ne(e) le / Date of birth", y: 180), line(5, "30/8/1970", y: 220)]
        XCTAssertEqual(builder.build(items: bilingual, region: RegionResolution(code: .je, basis: .evidence)).suggestions
                        .filter { $0.type == .name && $0.valid }.map(\.value), ["Oscar Le Example"])
        XCTAssertEqual(names([line(1, "Name of patient", y: 100), line(2, "Imogen EXAMPLE", y: 140)]), ["Imogen EXAMPLE"])
        XCTAssertEqual(names([line(1, "Name of patient", y: 100), line(2, "Imogen EXAMPwE", y: 140)]), ["Imogen EXAMPWE"],
                       "a capital the reader took for its small letter")
        XCTAssertEqual(names([line(1, "EXAMPLE NHS-No. 999 120 5675", y: 100), line(2, "Matthew CRN: RN14074740", y: 140)]),
                       ["Matthew EXAMPLE"])
    }
}

/// Issue 56: hospital numbers and NHS numbers under the labels trusts' labels, banners and bands print.
final class TrustLabelTests: XCTestCase {
    let builder = SuggestionBuilder(today: SimpleDate(year: 2026, month: 12, day: 4)!, givenNames: .installedForTests)

    func testHospitalNumberLabelsOfLabelsBannersAndBands() {
        XCTAssertEqual(HospitalNumberFinder.find(in: "Local No: M0524594"), "M0524594")
        XCTAssertEqual(HospitalNumberFinder.find(in: "Trust No: J466085"), "J466085")
        XCTAssertEqual(HospitalNumberFinder.find(in: "Hospital Ref: 78525385"), "78525385")
        XCTAssertEqual(HospitalNumberFinder.find(in: "PID: RWE689003"), "RWE689003")
        XCTAssertEqual(HospitalNumberFinder.find(in: "CRN: RN14074740"), "RN14074740")
        XCTAssertNil(HospitalNumberFinder.find(in: "Rapid delivery 12345678"), "a word that holds a label's letters")
        // Labels the reader spaced apart or ran together.
        XCTAssertEqual(HospitalNumberFinder.find(in: "Loca l No: M0524594"), "M0524594")
        XCTAssertEqual(HospitalNumberFinder.find(in: "Hosp i tal Ref : R239869"), "R239869")
        XCTAssertEqual(HospitalNumberFinder.find(in: "HOSPID", next: "1650205"), "1650205")
        XCTAssertEqual(HospitalNumberFinder.find(in: "Hosp ID RM11591066"), "RM11591066")
        XCTAssertNil(HospitalNumberFinder.find(in: "Local Notes 1234567"), "a label that runs on into a word")
        XCTAssertNil(HospitalNumberFinder.find(in: "Glocal No 1234567"), "a label's letters inside other words")
    }

    func testAnNHSRefLabel() {
        let items = [RecognizedItem(id: "t1", kind: .text, text: "NHS Ref: 999 000 0018", bounds: Quad(x: 0, y: 0, width: 300, height: 30),
                                    confidence: 0.95)]
        let built = builder.build(items: items, region: RegionResolution(code: .gb, basis: .timezone))
        XCTAssertTrue(built.suggestions.contains { $0.type == .nhsNumber && $0.valid && $0.value == "9990000018" }, "\(built.suggestions)")
    }

    /// A UK health insurance card: labels over values in two columns, read a row at a time, so the number's label
    /// (`6 Personal identification number`) is the line printed above it, not the line before it. On a card that
    /// names the NHS Business Services Authority it is the NHS number's label; elsewhere it names another number.
    func testTheNHSNumberOnAUKHealthInsuranceCard() {
        func line(_ id: Int, _ text: String, x: Int, y: Int) -> RecognizedItem {
            RecognizedItem(id: "t\(id)", kind: .text, text: text, bounds: Quad(x: x, y: y, width: 200, height: 24), confidence: 0.96)
        }
        let grid = [line(1, "Global Health Insurance Card", x: 0, y: 0), line(2, "5 Date of birth", x: 0, y: 100),
                    line(3, "6 Personal identification number", x: 300, y: 100), line(4, "30/01/1939", x: 0, y: 126),
                    line(5, "9990000018", x: 300, y: 126)]
        let gb = RegionResolution(code: .gb, basis: .timezone)
        func nhs(_ items: [RecognizedItem]) -> [Bool] {
            builder.build(items: items, region: gb).suggestions.filter { $0.type == .nhsNumber && $0.value == "9990000018" }.map(\.valid)
        }
        XCTAssertEqual(nhs(grid + [line(6, "UK - NHSBSA", x: 0, y: 200)]), [true])
        XCTAssertEqual(nhs(grid + [line(6, "IE - HSE", x: 0, y: 200)]), [false], "another country's card: another number")
    }
}
