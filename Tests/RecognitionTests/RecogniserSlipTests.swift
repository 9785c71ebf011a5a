import CardModel
@testable import Recognition
import XCTest

/// Slips and layouts PP-OCRv6's recogniser brought out on the dev sets (invented people only), each a class: a birth
/// label after a name on its line, a given name split at a small letter read as a capital, a letter added to a name on
/// one of several lines, a month's letter read twice, a postcode's inward code read apart, a name with no label read
/// unsurely and repaired.
final class RecogniserSlipTests: XCTestCase {
    let builder = SuggestionBuilder(today: SimpleDate(year: 2026, month: 12, day: 7)!, givenNames: .installedForTests)
    let gb = RegionResolution(code: .gb, basis: .timezone)

    func line(_ id: Int, _ text: String, confidence: Double) -> RecognizedItem {
        RecognizedItem(id: "t\(id)", kind: .text, text: text, bounds: Quad(x: 100, y: 40 * id, width: 300, height: 30),
                       confidence: confidence)
    }
    func valid(_ kind: SuggestionKind, _ lines: [String], confidence: Double = 0.95) -> [String] {
        builder.build(items: lines.enumerated().map { line($0.offset + 1, $0.element, confidence: confidence) }, region: gb)
            .suggestions.filter { $0.type == kind && $0.valid }.map(\.value)
    }
    func requireGivenNames() throws {
        try XCTSkipIf(GivenNames.installedForTests == nil, "the given-name list is not installed (Scripts/setup)")
    }

    func testABirthLabelAfterTheNameEndsIt() throws {
        try requireGivenNames()
        // With a space after the label (the recogniser reads one where tesseract ran label and date together), the
        // label used to be taken for the name's last word, and the name was refused whole.
        XCTAssertEqual(valid(.name, ["Tamsin LE BRETON D.O.B. 07-Sep-1982", "Unit No: J972338"]).map { $0.lowercased() },
                       ["tamsin le breton"])
        XCTAssertEqual(valid(.name, ["Tamsin LE BRETON DOB 07-Sep-1982"]).map { $0.lowercased() }, ["tamsin le breton"])
        XCTAssertEqual(valid(.name, ["QUEREE, Anthony D.O.B. 09-May-1979"]).map { $0.lowercased() }, ["anthony queree"])
        XCTAssertEqual(NameFinder.leadingName("Tamsin LE BRETON Born: 07-Sep-1982"), "Tamsin LE BRETON")
        XCTAssertEqual(valid(.dateOfBirth, ["Tamsin LE BRETON D.O.B. 07-Sep-1982"]), ["1982-09-07"])
    }

    /// A given name the reader spaced apart inside (`Kirs ty`: a gap between two letters of small print) is put back
    /// whole; a piece is told by its small first letter, so two real words stay two, and names in capitals are
    /// left alone.
    func testAGivenNameSpacedApartInsideIsWhole() throws {
        try requireGivenNames()
        XCTAssertEqual(valid(.name, ["Lithium Alert Card", "Patient name: Kirs ty Ap Rhys", "NHSID: 404 712 9194"]),
                       ["Kirsty Ap Rhys"])
        let names = try XCTUnwrap(GivenNames.installedForTests)
        XCTAssertEqual(DemographicsClassifier.spacedGivenNameRejoined("Kirs ty Ap Rhys", names: names), "Kirsty Ap Rhys")
        XCTAssertEqual(DemographicsClassifier.spacedGivenNameRejoined("Jo Anne Smith", names: names), "Jo Anne Smith")
        XCTAssertEqual(DemographicsClassifier.spacedGivenNameRejoined("KIRS TY AP RHYS", names: names), "KIRS TY AP RHYS")
        XCTAssertEqual(DemographicsClassifier.spacedGivenNameRejoined("Kirsty ap Rhys", names: names), "Kirsty ap Rhys")
    }

    /// The recogniser reads two letters printed close as their ligature (`Adæze` for `Adaeze`): the given name is put
    /// right as a slip is, and offered as a repaired value.
    func testAGivenNameReadWithALigatureIsPutRight() throws {
        try requireGivenNames()
        let lines = ["ClearView Opticians", "Your next appointment", "Patient: Adæze Evans", "Date 25/05/2025 Time 12:15"]
        XCTAssertEqual(valid(.name, lines), ["Adaeze Evans"])
        let name = builder.build(items: lines.enumerated().map { line($0.offset + 1, $0.element, confidence: 0.97) }, region: gb)
            .suggestions.first { $0.type == .name }
        XCTAssertEqual(name?.checks.contains("ocr-repaired"), true)
        XCTAssertNil(try XCTUnwrap(GivenNames.installedForTests).repairing("Ægir"), "a name that stays unknown is not guessed")
    }

    func testAGivenNameSplitAtACaseSlipIsWhole() throws {
        try requireGivenNames()
        XCTAssertEqual(valid(.name, ["QUEREE, CalLum DOB: 09"]).map { $0.lowercased() }, ["callum queree"])
        let names = try XCTUnwrap(GivenNames.installedForTests)
        // Two names run together stay two: their join is no given name.
        XCTAssertEqual(DemographicsClassifier.caseSlipRejoined("Callum Queree", line: "CallumQueree", names: names), "Callum Queree")
        // Split by a space the line really has: not rejoined.
        XCTAssertEqual(DemographicsClassifier.caseSlipRejoined("Cal Lum", line: "CAL LUM", names: names), "Cal Lum")
        XCTAssertEqual(DemographicsClassifier.caseSlipRejoined("Cal Lum Queree", line: "QUEREE, CalLum", names: names), "Callum Queree")
    }

    func testALetterMoreOnOneLineGivesWayToTheNameMoreLinesRead() throws {
        try requireGivenNames()
        let lines = ["PERCHARD, CHLOE", "PERCHARDE, CHLOE Date of ith", "PERCHARD, CHLOE Date OF Birg,"]
        XCTAssertEqual(valid(.name, lines).map { $0.lowercased() }, ["chloe perchard"])
        // A name cut on the line that read most of it still gives way to the whole one (`Esme Stave`).
        XCTAssertEqual(valid(.name, ["Surname STAVELEY", "Forename(s) Esme", "Name: Esme Stave"]).map { $0.lowercased() },
                       ["esme staveley"])
        XCTAssertTrue(SuggestionBuilder.isOneLetterLonger(["chloe", "perchard"], ["chloe", "percharde"]))
        XCTAssertFalse(SuggestionBuilder.isOneLetterLonger(["esme", "stave"], ["esme", "staveley"]))
    }

    func testAMonthsLetterReadTwiceIsMended() throws {
        XCTAssertEqual(DayAndMonthRepair.oneSlipMonth("OOct").map { "\($0.0) \($0.1)" }, "10 Oct")
        XCTAssertEqual(DayAndMonthRepair.oneSlipMonth("SEPP").map { "\($0.0) \($0.1)" }, "9 SEP", "in the case it was printed in")
        XCTAssertEqual(DayAndMonthRepair.oneSlipMonth("Marrch").map { "\($0.0) \($0.1)" }, "3 March")
        XCTAssertNil(DayAndMonthRepair.oneSlipMonth("Boot"), "no month with one letter dropped")
        XCTAssertEqual(valid(.dateOfBirth, ["QUEREE, JOAN Date of birth: 06-OOct-1945"]), ["1945-10-06"])
    }

    func testAPostcodesInwardCodeReadApartIsOnePostcode() {
        XCTAssertEqual(Postcode.find(in: "M30 7 AP").map(\.formatted), ["M30 7AP"])
        XCTAssertEqual(Postcode.find(in: "Flat 32, M30 7AP").map(\.formatted), ["M30 7AP"])
        XCTAssertEqual(Postcode.find(in: "Room 3 AB"), [], "a word and a number are no outward code")
    }

    func testAnUnlabelledNameReadUnsurelyAndRepairedIsNotOffered() throws {
        try requireGivenNames()
        let names = try XCTUnwrap(GivenNames.installedForTests)
        try XCTSkipIf(names.contains("Haie") || names.repairing("Haie") != "Hale", "the list repairs Haie otherwise")
        XCTAssertEqual(valid(.name, ["HAIE WORRALL"], confidence: 0.66), [], "an unsure line, and its given name repaired")
        XCTAssertEqual(valid(.name, ["HAIE WORRALL"], confidence: 0.95).map { $0.lowercased() }, ["hale worrall"],
                       "a surely read line's repair still stands")
    }
}
