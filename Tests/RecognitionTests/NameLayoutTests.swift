import CardModel
@testable import Recognition
import XCTest

/// Issue 38: names in the layouts cards-dev2's kind of photo shows (invented names only). Each case is a class of
/// miss seen there, written as a card prints it, not a copy of a photo's text.
final class NameLayoutTests: XCTestCase {
    let builder = SuggestionBuilder(today: SimpleDate(year: 2026, month: 11, day: 22)!, givenNames: .installedForTests)
    let gg = RegionResolution(code: .gg, basis: .timezone)

    func items(_ texts: [String]) -> [RecognizedItem] {
        texts.enumerated().map { i, t in
            RecognizedItem(id: "t\(i + 1)", kind: .text, text: t, bounds: Quad(x: 100, y: i * 40, width: 300, height: 30), confidence: 0.93)
        }
    }
    func names(_ lines: [RecognizedItem]) -> [String] {
        builder.build(items: lines, region: gg).suggestions.filter { $0.type == .name && $0.valid }.map(\.value)
    }

    /// `Surname, Forename(s):` names both parts in the order the value gives them, on its line or the next.
    func testASurnameForenameLabelTakesTheValueSurnameFirst() {
        XCTAssertEqual(names(items(["Contribution Card", "Surname, Forename(s): Example, Brynn", "D.O.B. 26-May-1957"])), ["Brynn Example"])
        XCTAssertEqual(names(items(["SURNAME, FORENAME(S)", "Le Exemple, Owain", "BORN 12/03/1990"])), ["Owain Le Exemple"])
        XCTAssertEqual(NameFinder.find(in: "Surname/Forenames: SAMPLE, Tegan"), "Tegan Sample")
    }

    /// A name label whose colon was read as a letter or a stroke joined to it (`Namet`, `Name1`) is still a label;
    /// a word that only starts like it is not.
    func testANameLabelWithItsColonReadAsALetterIsALabel() {
        XCTAssertEqual(NameFinder.find(in: "Namet Dr Imogen Sample"), "Imogen Sample")
        XCTAssertEqual(NameFinder.find(in: "Name1 Brynn Example"), "Brynn Example")
        XCTAssertNil(NameFinder.afterLabel("Namely the holder"))
        XCTAssertNil(NameFinder.afterLabel("Nametag"))
    }

    /// A value under its label, with a line from beside the card (a newspaper's, to its left) read between them.
    func testALineToTheLeftDoesNotComeBetweenALabelAndItsValue() {
        let lines = [RecognizedItem(id: "t1", kind: .text, text: "Surname, Forename(s)", bounds: Quad(x: 900, y: 350, width: 230, height: 24), confidence: 0.93),
                     RecognizedItem(id: "t2", kind: .text, text: "| Mnthly", bounds: Quad(x: 270, y: 265, width: 180, height: 60), confidence: 0.1),
                     RecognizedItem(id: "t3", kind: .text, text: "Le Exemple, Owain", bounds: Quad(x: 900, y: 385, width: 360, height: 45), confidence: 0.94)]
        XCTAssertEqual(names(lines), ["Owain Le Exemple"])
        // A value beside its label (to its right, on its row) is still the next line's, as before.
        let beside = [RecognizedItem(id: "t1", kind: .text, text: "Name", bounds: Quad(x: 100, y: 170, width: 50, height: 16), confidence: 0.96),
                      RecognizedItem(id: "t2", kind: .text, text: "TEGAN SAMPLE", bounds: Quad(x: 220, y: 168, width: 120, height: 18), confidence: 0.96),
                      RecognizedItem(id: "t3", kind: .text, text: "Date of Birth 14 February 1954", bounds: Quad(x: 100, y: 210, width: 280, height: 20), confidence: 0.95)]
        XCTAssertEqual(names(beside), ["TEGAN SAMPLE"])
    }

    /// A band's line: `SURNAME, Given` then the next column's label, which OCR may misread (`bate of birth`).
    func testABandsNameStopsAtTheNextColumnsLabel() {
        XCTAssertEqual(NameFinder.find(in: "EXAMPLE, Tegan Date of Birth: 15-Jul-1997"), "Tegan Example")
        XCTAssertEqual(NameFinder.find(in: "SAMPLE, BRYNN bate of birth: 12-Apr-1958"), "BRYNN Sample")
        XCTAssertEqual(NameFinder.find(in: "EXAMPLE, Jordan de la Cruz"), "Jordan de la Cruz Example", "particles stay")
        // The end of a cut line is no surname (`ON, Tegan` from `SAMPLESON, Tegan`).
        XCTAssertNil(NameFinder.find(in: "ON, Tegan pate of birth: 26-Se"))
        XCTAssertEqual(NameFinder.find(in: "NG, Tegan"), "Tegan Ng", "two-letter surnames are real")
    }

    /// `Insured person` labels the holder of a social security card, on its line or above it; alone it is no name.
    func testInsuredPersonIsANameLabel() {
        XCTAssertEqual(NameFinder.find(in: "Insured person: TEGAN EXAMPLE"), "TEGAN EXAMPLE")
        XCTAssertEqual(names(items(["Health and Care", "INSURED PERSON", "Mr Owain Sample", "SS NUMBER"])), ["Owain Sample"])
        XCTAssertEqual(names(items(["Fullname Tegan Example", "Date of birth 01/02/1990"])), ["Tegan Example"])
    }

    /// `Surname, Given` in small letters, alone on its line: a name, the comma saying which part is the surname.
    func testSurnameCommaGivenInSmallLettersUnlabelled() {
        XCTAssertEqual(NameFinder.unlabelled("Example, Tegan"), "Tegan Example")
        XCTAssertNil(NameFinder.unlabelled("Route de la Hougue, Vale"), "place words")
        XCTAssertNil(NameFinder.unlabelled("Example, tegan"))
    }

    /// With the given-name list, a line read as a name with no label must start with a given name: a shop's or a
    /// library's words in large type are not the holder's name; without it, names are found as before.
    func testUnlabelledNamesStartWithAGivenNameWhenTheListIsThere() {
        let card = CardReading(lines: items(["Seaside Bakehouse", "Reward points 120", "Tegan Example"]).map {
            var item = $0; if item.text == "Tegan Example" { item.confidence = 0.8 }; return item
        }, barcodes: [], today: SimpleDate(year: 2026, month: 11, day: 22)!, wristbandMode: false, fromBarcode: false)
        let withList = DemographicsClassifier(givenNames: GivenNames(["tegan", "owain"])).names(in: card).map(\.value)
        XCTAssertEqual(withList, ["Tegan Example"], "the surer shop line is no name")
        let without = DemographicsClassifier(givenNames: nil).names(in: card).map(\.value)
        XCTAssertEqual(without, ["Seaside Bakehouse"], "without the list the surest name-shaped line wins, as before")
        XCTAssertTrue(GivenNames(["mary", "jane"]).contains("Mary-Jane"))
        XCTAssertFalse(GivenNames(["mary"]).contains("Seaside"))
    }

    /// The list `Scripts/setup` installs holds names with their accents and as read or typed without them (a card's
    /// `KAUR, Joao`, a reader's `Sinead`), and no English word folded out of another alphabet's name (`Valė`).
    func testTheInstalledListHoldsAccentedNamesBothWays() throws {
        let names = try XCTUnwrap(GivenNames.installedForTests, "the given-name list is installed by Scripts/setup")
        for name in ["João", "Joao", "Sinéad", "Sinead", "José", "Zoë", "Zoe", "Seán", "Ciaran", "Jack"] {
            XCTAssertTrue(names.contains(name), name)
        }
        for word in ["Vale", "Seaside", "Address"] { XCTAssertFalse(names.contains(word), word) }
    }

    /// OCR's casing slips and marks around a name: a given name's first letter read small (`connor`), a surname's
    /// last letters read small (`THOMPSon`), a mark before the name read as a short word (`cos`), a mark against
    /// a surname particle (`«LE`).
    func testCaseSlipsAndMarksAroundANameAreUndone() {
        XCTAssertEqual(NameFinder.unlabelled("connor LE EXEMPLE"), "Connor LE EXEMPLE")
        XCTAssertEqual(NameFinder.leadingName("connor LE EXEMPLE 07-Sep-1982"), "Connor LE EXEMPLE")
        XCTAssertNil(NameFinder.unlabelled("thomas LE EXEMPLE"), "t is no letter that differs by size alone")
        XCTAssertEqual(NameFinder.unlabelled("cos Tegan McExample"), "Tegan McExample")
        XCTAssertNil(NameFinder.unlabelled("see Tegan"), "one word left is no name")
        XCTAssertEqual(NameFinder.find(in: "EXAMPLESon, Tegan sate of birth: 26-Sep-1959"), "Tegan Exampleson")
        XCTAssertEqual(NameFinder.find(in: "hered perros «LE SAMPLE, Owain"), "Owain Le Sample")
    }

    /// A name whose given name no one has (an OCR slip: `Elizapeti`) is shown but not offered as valid, when the
    /// list is there.
    func testANameWithAnUnknownGivenNameIsNotValid() {
        let card = CardReading(lines: items(["Name: Elizapeti Example"]), barcodes: [], today: SimpleDate(year: 2026, month: 11, day: 22)!,
                               wristbandMode: false, fromBarcode: false)
        let withList = DemographicsClassifier(givenNames: GivenNames(["elizabeth"])).names(in: card)
        XCTAssertEqual(withList.map(\.value), ["Elizapeti Example"])
        XCTAssertEqual(withList.map(\.valid), [false])
        XCTAssertTrue(withList[0].problem?.contains("Elizapeti") == true)
        XCTAssertEqual(DemographicsClassifier(givenNames: GivenNames(["elizapeti"])).names(in: card).map(\.valid), [true])
    }

    /// A card laid out as a grid of labels over values, photographed tilted so that its rows run downhill: each
    /// label's value is the line under it in its column (name parts and the date of birth alike).
    func testAGridOfLabelsOverValuesOnATiltedPhoto() {
        func line(_ id: String, _ text: String, _ x: Int, _ y: Int, _ w: Int) -> RecognizedItem {
            RecognizedItem(id: id, kind: .text, text: text, bounds: Quad(x: x, y: y, width: w, height: 30), confidence: 0.93)
        }
        let lines = [line("t1", "NATIONAL HEALTH SERVICE MEDICAL CARD", 250, 100, 600),
                     line("t2", "| SURNAME", 267, 177, 65), line("t3", "| FORENAMES", 643, 219, 97),
                     line("t4", "EXAMPLE", 284, 221, 79), line("t5", "TEGAN", 662, 266, 79),
                     line("t6", "DATE OF BIRTH", 259, 265, 90), line("t7", "NHS NUMBER", 528, 301, 89),
                     line("t8", "13, 01.1952", 266, 302, 129), line("t9", "999 000 0018", 527, 344, 180)]
        let suggestions = builder.build(items: lines, region: gg).suggestions.filter(\.valid)
        XCTAssertEqual(suggestions.filter { $0.type == .name }.map(\.value), ["TEGAN EXAMPLE"])
        XCTAssertEqual(suggestions.filter { $0.type == .dateOfBirth }.map(\.value), ["1952-01-13"])
    }

    /// A grid's header row read as lines of their own, the label beside `Name` read with a slip (`DOB` as `DOE`,
    /// a one-word "name"): the holder's name is the line under `Name`, in its column. Without the header's slip
    /// (`DOB`) the same. A one-word value with no whole name under the label, or lying under it, stays what it was.
    func testALabelBesideNameInAHeaderRowIsNotItsValue() {
        func line(_ id: String, _ text: String, _ x: Int, _ y: Int, _ w: Int) -> RecognizedItem {
            RecognizedItem(id: id, kind: .text, text: text, bounds: Quad(x: x, y: y, width: w, height: 24), confidence: 0.93)
        }
        for header in ["DOE", "DOB"] {
            let lines = [line("t1", "Registration card", 100, 40, 300),
                         line("t2", "Name", 100, 100, 60), line("t3", header, 420, 100, 50),
                         line("t4", "TEGAN EXAMPLE", 100, 135, 200), line("t5", "05-Nov-1991", 420, 135, 140)]
            XCTAssertEqual(names(lines), ["TEGAN EXAMPLE"], header)
        }
        let alone = [line("t1", "Name", 100, 100, 60), line("t2", "EXAMPLE", 200, 100, 110), line("t3", "05-Nov-1991", 100, 135, 140)]
        XCTAssertEqual(names(alone), [])
        // A word under the label is its value (a given name lost), whatever the line under it reads as.
        let under = [line("t1", "Name", 100, 100, 60), line("t2", "EXAMPLE", 100, 135, 110), line("t3", "IVY HOUSE", 100, 170, 140)]
        XCTAssertEqual(names(under), [])
    }

    /// A wristband's `Patient ID:` label read with a slip (`Patient IDs`, `Patient EDs`) is not `Patient:` and a name:
    /// a second capital inside a word starts a name part of two letters or more (`McExample`, `ONeill`), never one.
    func testAPatientIDLabelReadWithASlipIsNoName() {
        let band = ["RICHARDSON, JADE", "Date of birth: 09-Oct-1942", "NHS No. 999 123 4560", "\"Patient IDs $395917", "Patient EDs. 5395917"]
        XCTAssertEqual(names(items(band)), ["JADE Richardson"])
        XCTAssertNil(NameFinder.find(in: "Patient IDs $395917"))
        XCTAssertTrue(NameFinder.isCasedAsAName("McExample"))
        XCTAssertTrue(NameFinder.isCasedAsAName("ONeill"))
        XCTAssertFalse(NameFinder.isCasedAsAName("IDs"))
    }

    /// A given name read with one OCR slip is put right when one given name alone is that near (invented lists).
    func testAGivenNameReadWithOneSlipIsPutRight() {
        let names = GivenNames(["mohammed", "mohammad", "rachel", "cona", "eoha"])
        XCTAssertEqual(names.repairing("Monammed"), "Mohammed", "n read for h")
        XCTAssertEqual(names.repairing("MONAMMED"), "MOHAMMED", "in the case it was printed in")
        XCTAssertEqual(names.repairing("Rache!"), "Rachel", "a mark read for an l")
        XCTAssertNil(names.repairing("Mohammed"), "a given name as read is left alone")
        XCTAssertNil(names.repairing("Eona"), "two given names are one slip away (Cona, Eoha)")
        XCTAssertNil(names.repairing("Zorbat"), "none is")
        // On a card: the band's `SURNAME, Given!` (the mark trimmed off the name) and an unlabelled name and date.
        XCTAssertEqual(DemographicsClassifier.givenNameRepaired("Rache Davies", line: "DAVIES, Rache!", names: names), "Rachel Davies")
        XCTAssertNil(DemographicsClassifier.givenNameRepaired("Rachel Davies", line: "DAVIES, Rachel", names: names))
    }
}
