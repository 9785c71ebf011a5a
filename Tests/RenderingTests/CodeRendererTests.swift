import CardModel
import Decoding
import Foundation
import Imaging
import Rendering
import XCTest

/// A saved card's code drawn again (the web page's card picture, `cards show --png`): what a shop's scanner is shown
/// must read back as the card's number, in the card's code type.
final class CodeRendererTests: XCTestCase {
    func testEveryCodeTypeReadsBackAsTheCardsNumber() throws {
        let cases: [(CodeType, String, BarcodeFormat)] = [
            (.code128, "9990000018", .code128), (.ean13, "5012345678900", .ean13), (.ean8, "96385074", .ean8),
            (.qrCode, "MEMBER-12345", .qrCode), (.pdf417, "MEMBER-12345", .pdf417), (.aztec, "MEMBER-12345", .aztec),
            (.dataMatrix, "MEMBER-12345", .dataMatrix),
        ]
        let reader = BarcodeReader()
        for (type, number, format) in cases {
            let card = IDCard(name: "Test card", number: number, category: "Test", codeType: type)
            let image = try CodeRenderer.image(for: card)
            let read = reader.read(image)
            XCTAssertTrue(read.contains { $0.format == format && $0.text == number }, "\(type): read \(read.map { ($0.format, $0.text) })")
        }
    }

    /// A number an EAN cannot hold as it is (letters; a wrong check digit typed with `--no-validate`) is drawn as
    /// Code 128, which reads back as the number saved: zint would have computed the check digit afresh, and a
    /// shop's scanner would have read another number than the card's.
    func testANumberAnEANCannotHoldIsDrawnAsCode128() throws {
        for (type, number) in [(CodeType.ean13, "12AB"), (.ean13, "5012345678901"), (.ean8, "96385075")] {
            let read = BarcodeReader().read(try CodeRenderer.image(for: IDCard(name: "Test card", number: number, category: "Test", codeType: type)))
            XCTAssertEqual(read.map(\.text), [number], "\(type) \(number)")
            XCTAssertEqual(read.first?.format, .code128)
        }
    }

    /// Two products of one maker share an EAN-13's left half. Stacked close on one card, their reads look like one
    /// code read two ways (`ConflictingReads`, a misread half), and zxing is asked which are there: it reads both,
    /// so both stay.
    func testTwoCodesOfOneMakerStackedCloseBothRead() throws {
        let codes = ["5012345678900", "5012345111117"]
        let images = try codes.map { try CodeRenderer.image(for: IDCard(name: "Test card", number: $0, category: "Test", codeType: .ean13)) }
        let gap = 12, margin = 20
        var sheet = GrayImage(width: images.map(\.width).max()! + 2 * margin,
                              height: images.map(\.height).reduce(0, +) + gap + 2 * margin)
        var top = margin
        for image in images {
            for y in 0..<image.height { for x in 0..<image.width { sheet[x + margin, y + top] = image[x, y] } }
            top += image.height + gap
        }
        let read = BarcodeReader().read(sheet)
        XCTAssertEqual(Set(read.map(\.text)), Set(codes), "read \(read.map { ($0.format, $0.text, $0.bounds) })")
    }

    func testTheCardPictureIsWrittenPrivately() throws {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-render-\(getpid()).png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try CodeRenderer.writePNG(IDCard(name: "Test card", number: "9990000018", category: "Test", codeType: .code128), to: path)
        let image = try ImageLoader().load(contentsOf: path)
        XCTAssertGreaterThan(image.width, 100)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600, "a card's picture shows its number")
    }
}
