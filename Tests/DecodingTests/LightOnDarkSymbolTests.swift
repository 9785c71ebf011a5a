import CardModel
@testable import Decoding
import Foundation
import Imaging
import XCTest

/// A gym pass whose Data Matrix is printed in white on the red card (Tests/Fixtures/symbols, from
/// `Scripts/make-barcode-photos 3`, `datamatrix-1/03`): a sharp, upright symbol five pixels a module that nothing
/// read, because the symbol step looks for a dark L and here the L is light. Its negative has it dark.
final class LightOnDarkSymbolTests: XCTestCase {
    let expected = "0098783102097947698227857385134824573"

    func photo() throws -> GrayImage { try symbolFixture("light-on-dark-datamatrix.jpg") }

    func testALightOnDarkDataMatrixIsRead() throws {
        let read = BarcodeReader().read(try photo())
        XCTAssertEqual(read.map(\.text), [expected])
        XCTAssertEqual(read.map(\.format), [.dataMatrix])
    }

    /// zxing-cpp 3 reads it on the negative, or when asked to try the inverted image itself; upright, as printed,
    /// it does not (zxing-cpp 1.4 read it neither way round: the symbol step's look at the negative did).
    func testZXingReadsItOnlyOnTheNegative() throws {
        let image = try photo()
        let zxing = ZXingReader()
        XCTAssertEqual(zxing.read(image, pass: .init(formats: [.dataMatrix])).map(\.text), [])
        XCTAssertEqual(zxing.read(image.inverted(), pass: .init(formats: [.dataMatrix])).map(\.text), [expected])
        XCTAssertEqual(zxing.read(image, pass: .init(formats: [.dataMatrix], tryInvert: true)).map(\.text), [expected])
    }
}

/// A points card whose QR code is printed light on its dark card (Tests/Fixtures/symbols, from
/// `Scripts/make-barcode-photos 4`, `qrcode-1/06`). The light-on-dark retry reads QR with our own finder-pattern
/// locator rather than zxing's detector, which on an inverted fine weave spent over a minute on one photo of our
/// held-out seed 11 (RetryPlan): this is the kind of code that step must still read.
final class LightOnDarkQRTests: XCTestCase {
    let expected = "Order: 92678; Qty 6; Ref OCEAN-43; Total: $6.78"

    func photo() throws -> GrayImage { try symbolFixture("light-on-dark-qr.jpg") }

    func testALightOnDarkQRCodeIsRead() throws {
        let read = BarcodeReader().read(try photo())
        XCTAssertEqual(read.map(\.text), [expected])
        XCTAssertEqual(read.map(\.format), [.qrCode])
    }

    /// Upright, neither zxing's QR detector nor our locator reads it; on the negative our locator does, and it is our
    /// locator the light-on-dark retry asks for QR (zxing is not asked there).
    func testOnlyTheNegativeReadsAndOurLocatorReadsIt() throws {
        let image = try photo()
        let zxing = ZXingReader()
        XCTAssertEqual(zxing.read(image, pass: .init(formats: [.qrCode])).map(\.text), [])
        XCTAssertEqual(SymbolReader(zxing: zxing).readQR(image).map(\.text), [])
        XCTAssertEqual(SymbolReader(zxing: zxing).readQR(image.inverted()).map(\.text), [expected])
        let inverted = try XCTUnwrap(RetryPlan.attempts(for: image).first { $0.name == "inverted" })
        XCTAssertTrue(inverted.qrByOurLocator)
    }
}

/// A photo from Tests/Fixtures/symbols.
private func symbolFixture(_ name: String) throws -> GrayImage {
    try ImageLoader().load(contentsOf: (TestPaths.packageRoot as NSString).appendingPathComponent("Tests/Fixtures/symbols/" + name))
}
