@testable import Recognition
import XCTest

/// The verbs every identifier family shares (`IdentifierFamily`): compact, validate to a typed reason, format.
final class IdentifierFamilyTests: XCTestCase {
    /// Nine digits completed with their Modulus 11 check digit (nil when none exists).
    private func withCheckDigit(_ nine: String) -> String? {
        NHSNumber.modulus11CheckDigit(nine.compactMap(\.wholeNumberValue)).map { nine + String($0) }
    }

    func testNHSNumbers() throws {
        XCTAssertEqual(NHSNumber.compact("999 000-0018"), "9990000018")
        XCTAssertEqual(try NHSNumber.validate("999 000 0018").digits, "9990000018")
        XCTAssertEqual(NHSNumber.format("9990000018"), "999 000 0018")
        XCTAssertEqual(NHSNumber.invalidity(of: "999 000 001"), .notTenDigits)
        XCTAssertEqual(NHSNumber.invalidity(of: "999 000 0019"), .failsModulus11)
        XCTAssertEqual(NHSNumber.invalidity(of: "0000000000"), .unallocated)
        let outside = try XCTUnwrap(withCheckDigit("850000001"))
        XCTAssertEqual(NHSNumber.invalidity(of: outside), .outsideIssuedRanges)
        // CHI numbers start with the holder's date of birth: 31 February is none.
        let noDate = try XCTUnwrap(withCheckDigit("310288123") ?? withCheckDigit("310288124"))
        XCTAssertEqual(NHSNumber.invalidity(of: noDate), .chiWithoutDate)
        // The typed reason is what a suggestion's `problem` says.
        XCTAssertEqual(NHSNumber.invalidity(of: "9990000019")?.description, NHSNumber.Invalid.failsModulus11.description)
    }

    func testSocialSecurityNumbers() throws {
        XCTAssertEqual(SocialSecurityNumber.compact("jy 12 34 56 a"), "JY123456A")
        XCTAssertEqual(try SocialSecurityNumber.validate("JY 12 34 56 A"), .jersey("JY123456A"))
        XCTAssertEqual(try SocialSecurityNumber.validate("GY123456"), .guernsey("GY123456"))
        XCTAssertEqual(try SocialSecurityNumber.validate("GY 12 34 56 A"), .guernsey("GY123456"), "a printed suffix is no part of it")
        XCTAssertEqual(try SocialSecurityNumber.validate("AB 12 34 56 C"), .nationalInsurance("AB123456C"))
        XCTAssertEqual(SocialSecurityNumber.invalidity(of: "QQ123456C"), .unallocatedPrefix, "HMRC's own example is never issued")
        XCTAssertEqual(SocialSecurityNumber.format("jy123456a"), "JY 12 34 56 A")
        XCTAssertEqual(SocialSecurityNumber.invalidity(of: "JY123456"), .wrongShape, "Jersey's suffix letter is part of it")
        XCTAssertEqual(SocialSecurityNumber.invalidity(of: "JY123456E"), .wrongShape)
        XCTAssertEqual(SocialSecurityNumber.invalidity(of: "JY12345A"), .wrongShape)
        XCTAssertEqual(SocialSecurityNumber.invalidity(of: "GB123456A"), .unallocatedPrefix)
        XCTAssertEqual(SocialSecurityNumber.invalidity(of: "DA123456A"), .unallocatedPrefix)
    }

    func testPostcodes() throws {
        XCTAssertEqual(Postcode.compact("je2 3ab"), "JE23AB")
        XCTAssertEqual(try Postcode.validate("je23ab").value, "JE2 3AB")
        XCTAssertEqual(Postcode.format("sw1a1aa"), "SW1A 1AA")
        XCTAssertEqual(Postcode.format("GY10 3QH"), "GY10 3QH")
        XCTAssertEqual(Postcode.invalidity(of: "JE6 3AB"), .noSuchIslandDistrict)
        XCTAssertEqual(Postcode.invalidity(of: "GY11 1AA"), .noSuchIslandDistrict)
        XCTAssertEqual(Postcode.invalidity(of: "JE2 3CB"), .wrongShape, "no inward code has a C")
        XCTAssertEqual(Postcode.invalidity(of: "O80 1BD"), .noSuchArea)
        XCTAssertEqual(Postcode.invalidity(of: "12345"), .wrongShape)
    }

    func testHospitalNumbers() throws {
        XCTAssertEqual(try HospitalNumber.validate("h 123 456").value, "H123456")
        XCTAssertEqual(HospitalNumber.format("65003114"), "65003114")
        XCTAssertTrue(HospitalNumber.isValid("ABC12345"))
        XCTAssertEqual(HospitalNumber.invalidity(of: "ABCD12345"), .wrongShape, "four letters")
        XCTAssertEqual(HospitalNumber.invalidity(of: "12345"), .wrongShape, "five digits need a letter before them")
        XCTAssertEqual(HospitalNumber.invalidity(of: "H12A456"), .wrongShape)
    }
}
