import CardModel
@testable import Recognition
import XCTest

final class NHSNumberTests: XCTestCase {
    func testKnownValidAndInvalidNumbers() {
        for digits in ["4000000632", "3462950622", "0101011113", "9990000018"] {
            XCTAssertTrue(NHSNumber.isValid(digits), digits)
        }
        for digits in ["9434765918", "1234567890"] {
            XCTAssertFalse(NHSNumber.isValid(digits), digits)
            XCTAssertEqual(NHSNumber.invalidity(of: digits)?.description, "fails the Modulus 11 check")
        }
        XCTAssertFalse(NHSNumber.isValid("0000000000"), "passes Modulus 11 but is never issued")
        XCTAssertEqual(NHSNumber.invalidity(of: "943476591"), .notTenDigits)
        XCTAssertEqual(NHSNumber.invalidity(of: "94347659190"), .notTenDigits)
    }

    func testCheckDigitRules() {
        // Remainder 0 → 11 → check 0; 10 → never issued.
        XCTAssertEqual(NHSNumber.modulus11CheckDigit([9, 0, 0, 0, 0, 0, 0, 0, 0]), 9)
        XCTAssertNil(NHSNumber.modulus11CheckDigit([1, 2, 3, 4, 5, 6, 7, 8, 9]))
        XCTAssertEqual(NHSNumber.modulus11CheckDigit([4, 0, 0, 0, 0, 0, 0, 6, 3]), 2)
    }

    func testRanges() throws {
        XCTAssertEqual(NHSNumber(digits: "4000000632")!.range, .englandWalesIsleOfMan)
        XCTAssertEqual(NHSNumber(digits: "3462950622")!.range, .northernIrelandHC)
        XCTAssertEqual(NHSNumber(digits: "0101011113")!.range, .scotlandCHI)
        XCTAssertEqual(NHSNumber(digits: "9990000018")!.range, .test)
        XCTAssertTrue(try NHSNumber.validate("0101011113").checks.contains("chi:date"))
        XCTAssertTrue(try NHSNumber.validate("9990000018").checks.contains("range:test"))
    }

    func testFinderReadsPrintedFormsAndRepairsOnlyWhenTheCheckConfirms() {
        XCTAssertEqual(NHSNumberFinder.find(in: "NHS Number: 943 476 5919").map(\.number.digits), ["9434765919"])
        XCTAssertEqual(NHSNumberFinder.find(in: "NHS Number: 943 476 5919").first?.grouped, true)
        XCTAssertEqual(NHSNumberFinder.find(in: "9434765919").first?.grouped, false)
        XCTAssertEqual(NHSNumberFinder.find(in: "943-476-5919").map(\.number.digits), ["9434765919"])
        XCTAssertEqual(NHSNumberFinder.find(in: "ref 9434765919.").map(\.number.digits), ["9434765919"])
        let repaired = NHSNumberFinder.find(in: "NHS No: 943 476 59I9")
        XCTAssertEqual(repaired.map(\.number.digits), ["9434765919"])
        XCTAssertEqual(repaired.first?.repaired, true)
        XCTAssertEqual(NHSNumberFinder.find(in: "999 0O0 0O18").map(\.number.digits), ["9990000018"])
        // A slip that would only give an invalid number is not offered; nor is a group that is mostly letters.
        XCTAssertTrue(NHSNumberFinder.find(in: "999 0O0 0O17").isEmpty)
        XCTAssertTrue(NHSNumberFinder.find(in: "999 OOO OO18").isEmpty, "at most two repairs")
        // Invalid numbers printed as such are found (and marked invalid later), phone numbers are not taken apart.
        XCTAssertEqual(NHSNumberFinder.find(in: "123 456 7890").map(\.number.digits), ["1234567890"])
        XCTAssertTrue(NHSNumberFinder.find(in: "Tel 01534 445566").isEmpty)
        XCTAssertTrue(NHSNumberFinder.find(in: "12345678901").isEmpty)
        // One of the two gaps lost by OCR: the number is found, but not as printed in the 3 3 4 grouping.
        XCTAssertEqual(NHSNumberFinder.find(in: "943476 5919").map(\.number.digits), ["9434765919"])
        XCTAssertEqual(NHSNumberFinder.find(in: "943 4765919").map(\.number.digits), ["9434765919"])
        XCTAssertEqual(NHSNumberFinder.find(in: "943476 5919").first?.grouped, false)
        XCTAssertTrue(NHSNumberFinder.find(in: "Card no. 633597 7058269272").isEmpty, "a longer run is not cut short")
        XCTAssertTrue(NHSNumberFinder.find(in: "9434 765919").isEmpty, "only where the 3 3 4 gaps were")
    }
}

final class SocialSecurityTests: XCTestCase {
    func testJerseyGuernseyAndNationalInsurance() {
        XCTAssertEqual(SocialSecurityNumber.find(in: "SSN: JY 12 34 56 A"), [.jersey("JY123456A")])
        XCTAssertEqual(SocialSecurityNumber.find(in: "JY123456D"), [.jersey("JY123456D")])
        XCTAssertEqual(SocialSecurityNumber.find(in: "Social Security GY123456"), [.guernsey("GY123456")])
        XCTAssertEqual(SocialSecurityNumber.find(in: "GY 12 34 56"), [.guernsey("GY123456")])
        XCTAssertEqual(SocialSecurityNumber.find(in: "NI: AB 12 34 56 C"), [.nationalInsurance("AB123456C")])
        XCTAssertTrue(SocialSecurityNumber.find(in: "JY123456E").isEmpty, "suffix must be A–D")
        XCTAssertTrue(SocialSecurityNumber.find(in: "QQ123456C").isEmpty, "Q is never a NINO first letter")
        XCTAssertTrue(SocialSecurityNumber.find(in: "GB123456A").isEmpty, "GB is never allocated")
        XCTAssertEqual(SocialSecurityNumber.jersey("JY123456A").display, "JY 12 34 56 A")
        XCTAssertEqual(SocialSecurityNumber.find(in: "Number: [Y 12 34 56 B"), [.jersey("JY123456B")], "J read as [")
        XCTAssertEqual(SocialSecurityNumber.find(in: "SSN: 6Y 12 34 56"), [.guernsey("GY123456")], "G read as 6")
    }

    func testIslandNumbersWithOneDigitSlip() {
        func read(_ text: String) -> [String] {
            SocialSecurityNumber.matches(in: text).map { ($0.repaired ? "~" : "") + $0.number.value }
        }
        XCTAssertEqual(read("SS No: JY 12 34 5S A"), ["~JY123455A"])
        XCTAssertEqual(read("GY 12 @4 56"), ["~GY120456"])
        XCTAssertEqual(read("JY 12 3g 56 B"), ["~JY123956B"], "lower-case g is a 9 (not the 6 of a capital G)")
        XCTAssertEqual(read("JY 1O 34 56 A"), ["JY103456A"], "O for 0 is read as printed, as before")
        XCTAssertEqual(read("GY 12 34 5 A"), [], "an A where the sixth digit is due may be a suffix after a lost digit")
        XCTAssertEqual(read("JY 1S 3S 56 A"), [], "two slips")
        XCTAssertEqual(read("AB 12 34 5S C"), [], "National Insurance numbers are not repaired")
        XCTAssertEqual(SocialSecurityNumber.find(in: "SS No: JY 12 34 5S A"), [], "find gives numbers as printed")
    }

    func testGuernseyPostcodeIsNotASocialSecurityNumber() {
        XCTAssertTrue(SocialSecurityNumber.find(in: "St Peter Port GY1 1AA").isEmpty)
    }
}

final class PostcodeTests: XCTestCase {
    func testRegionsAndForms() {
        XCTAssertEqual(Postcode("je2 3ab")?.value, "JE2 3AB")
        XCTAssertEqual(Postcode("JE23AB")?.region, .je)
        XCTAssertEqual(Postcode("GY1 1AA")?.region, .gg)
        XCTAssertEqual(Postcode("GY10 1SA")?.region, .gg, "Sark")
        XCTAssertEqual(Postcode("GY9 3AA")?.region, .gg, "Alderney")
        XCTAssertEqual(Postcode("SW1A 1AA")?.region, .gb)
        XCTAssertNil(Postcode("JE6 1AA"), "Jersey is JE1–JE5")
        XCTAssertNil(Postcode("GY11 1AA"), "Guernsey is GY1–GY10")
        XCTAssertNil(Postcode("AB1 1CI"), "inward letters never C, I, K, M, O, V")
        XCTAssertNil(Postcode("O80 1BD"), "no postcode area is O")
        XCTAssertNil(Postcode("QA1 2BD"), "nor QA")
        XCTAssertNil(Postcode("B1A 2BD"), "a district ending in a letter is central London's (W1A, SW1A, EC1A)")
        XCTAssertEqual(Postcode("EC1A 1BB")?.value, "EC1A 1BB")
        XCTAssertNotNil(Postcode("IM1 1AA"), "the Isle of Man has its own area")
        XCTAssertEqual(Postcode.find(in: "1 Rue Example, St Peter Port, GY1 1AA").map(\.value), ["GY1 1AA"])
        XCTAssertEqual(Postcode.find(in: "Address JE2 3AB Jersey").map(\.value), ["JE2 3AB"])
        XCTAssertEqual(Postcode.find(in: "La Seigneurie GY 10 1SB").map(\.value), ["GY10 1SB"], "outward letters and digits apart")
    }

    func repairs(_ text: String) -> [String] {
        Postcode.matches(in: text).map { ($0.repaired ? "~" : "") + $0.postcode.value }
    }

    /// One slip, repaired only where the shape leaves one reading (invented addresses).
    func testSlipsRepairedByPosition() {
        XCTAssertEqual(repairs("Exampleton B10 ORH"), ["~B10 0RH"], "O where the inward code has its digit")
        XCTAssertEqual(repairs("St Example JES 6UY"), ["~JE5 6UY"], "S after JE: Jersey's outward code is JE and a digit")
        XCTAssertEqual(repairs("JE3 SRG"), ["~JE3 5RG"])
        XCTAssertEqual(repairs("Guernsey GY3 48G"), ["~GY3 4BG"], "8 where the inward code has a letter")
        XCTAssertEqual(repairs("41 Example Lane, Derby DE3@ 4JR"), ["~DE30 4JR"], "a mark glued to the outward code is a slip, not a separator")
        XCTAssertEqual(repairs("41 Example Lane, Derby DE3® 4JR"), ["~DE30 4JR"], "® is a round 0 too (a 60% and a keystoned photo)")
        XCTAssertEqual(repairs("AB1 2CD"), [], "C is never an inward letter, and nothing to repair")
        XCTAssertEqual(repairs("Exampleton LE2 IRB"), ["~LE2 1RB"], "the outward code read whole: its inward digit read as I")
        XCTAssertEqual(repairs("Exampleton B1 SAB"), ["~B1 5AB"], "the shortest outward code, read whole")
        XCTAssertEqual(repairs("Exampleton HG2 &QT"), ["~HG2 8QT"], "an 8 read as the ampersand it looks like")
        XCTAssertEqual(repairs("Exampleton $17 9LP"), ["~S17 9LP"], "an S read as a dollar sign where the shape wants a letter")
        XCTAssertEqual(repairs("Exampleton SK4 5$B"), ["~SK4 5SB"], "in the inward code's letters too")
    }

    func testNoRepairWithoutEnoughReadDigitsOrWhenTwoFit() {
        XCTAssertEqual(repairs("THIS IS THE CARD"), [], "`IS THE` would need two changes")
        XCTAssertEqual(repairs("AB SAB"), [], "one digit read at most: not enough of a postcode to repair")
        XCTAssertEqual(repairs("AB ISH"), [], "no digit read: the outward code is not whole")
        XCTAssertEqual(repairs("Le2 IRB"), [], "an outward code in lower case is no postcode's")
        XCTAssertEqual(repairs("b10 Orh"), [], "no repair in lower case: a postcode is printed in capitals")
        XCTAssertEqual(repairs("AB1 O2B"), [], "two slips")
        XCTAssertEqual(repairs("Exampleton 080 1BD"), [], "0 read as O would make area O, which does not exist")
        XCTAssertEqual(repairs("W1S 2AB"), ["W1S 2AB"], "a letter where A9A has one is read as printed, not repaired")
        // `$` is read for an S (a letter) since issue 34 as well as for a 5 (a digit): here it fits both A9A
        // (W1S) and A99 (W15), two postcodes, so neither is offered.
        XCTAssertEqual(repairs("W1$ 2AB"), [], "$ fits as S and as 5: two postcodes, no repair")
    }

    /// A postcode ending its line after the town, its digits read as letters: two slips put right there only.
    func testAPostcodeAfterItsTownWithItsDigitsReadAsLetters() {
        XCTAssertEqual(repairs("London NIC ODB"), ["~N1C 0DB"], "I for 1 and O for 0, after the town")
        XCTAssertEqual(repairs("Exampleton AB1 O2B"), ["~AB1 0ZB"], "two slips after a town (alone, `AB1 O2B` is not repaired)")
        XCTAssertEqual(repairs("NIC ODB"), [], "no town before it")
        XCTAssertEqual(repairs("London NIC ODB Road"), [], "not the end of the line")
        XCTAssertEqual(repairs("London Nic Odb"), [], "not in capitals")
        XCTAssertEqual(repairs("London NIC OOB"), [], "three slips")
        XCTAssertEqual(repairs("SSS SSS SSS"), [], "a letter repeated is no town (a receipt's rule read as letters)")
        XCTAssertEqual(repairs("Se SSR SSS TSS"), [], "nor are two")
        XCTAssertEqual(repairs("Ely CBT 4AB"), ["~CB7 4AB"], "a short town of three letters is one")
    }
}

final class DateTests: XCTestCase {
    let today = SimpleDate(year: 2026, month: 11, day: 22)!

    func testFormats() {
        for text in ["DOB: 14/07/1945", "DOB 14.07.1945", "D.O.B. 14-07-1945", "DOB: 14-Jul-1945", "Born 14 July 1945",
                     "Date of birth: 1945-07-14"] {
            let found = DateFinder.find(in: text)
            XCTAssertEqual(found.map(\.date.iso), ["1945-07-14"], text)
            XCTAssertEqual(found.first?.role, .dateOfBirth, text)
        }
        XCTAssertTrue(DateFinder.find(in: "31/02/1980").isEmpty, "no such day")
    }

    func testExpiryIsNotABirthDate() {
        XCTAssertEqual(DateFinder.find(in: "Expires 01/2029 31/01/2029").first?.role, .expiryOrIssue)
        XCTAssertFalse(DateFinder.isPlausibleBirthDate(SimpleDate(year: 2030, month: 1, day: 1)!, today: today))
        XCTAssertFalse(DateFinder.isPlausibleBirthDate(SimpleDate(year: 1890, month: 1, day: 1)!, today: today))
        XCTAssertTrue(DateFinder.isPlausibleBirthDate(SimpleDate(year: 1945, month: 7, day: 14)!, today: today))
    }
}

final class NameAndGS1Tests: XCTestCase {
    func testNames() {
        XCTAssertEqual(NameFinder.find(in: "Name: Alex Example"), "Alex Example")
        XCTAssertEqual(NameFinder.find(in: "EXAMPLE, Jordan"), "Jordan Example")
        XCTAssertEqual(NameFinder.find(in: "SAMPLE-SMITH, Sam Lee"), "Sam Lee Sample-Smith")
        XCTAssertNil(NameFinder.find(in: "Name: 12345"))
        XCTAssertNil(NameFinder.find(in: "Points card"))
    }

    func testGS1ElementStrings() {
        let gs1 = GS1ElementString("8018795000000000000012\u{1D}91JE123456")!
        XCTAssertEqual(gs1.value("8018"), "795000000000000012")
        XCTAssertEqual(gs1.value("91"), "JE123456")
        XCTAssertTrue(GS1ElementString.passesMod10("795000000000000012"))
        XCTAssertFalse(GS1ElementString.passesMod10("795000000000000019"))
        XCTAssertTrue(GS1ElementString.passesMod10("5012345678900"), "EAN-13")
        XCTAssertNil(gs1.nhsNumberInGSRN, "this GSRN carries no NHS number")
        // A GSRN built from a company prefix and NHS number 999 000 0018.
        let body = "7950000" + "9990000018"
        let check = (0...9).first { GS1ElementString.passesMod10(body + String($0)) }!
        let wristband = GS1ElementString("8018" + body + String(check) + "\u{1D}91H123")!
        XCTAssertEqual(wristband.nhsNumberInGSRN?.digits, "9990000018")
    }
}
