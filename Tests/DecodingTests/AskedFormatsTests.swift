import Evaluation
import CardModel
@testable import Decoding
import Foundation
import Imaging
import XCTest

/// `--formats` asks for some formats only. zbar's EAN/UPC family shares one decoder, and with EAN-13 alone enabled it
/// reported a soft EAN-13's half as the EAN-13 `0009200003170` (own photos, seed 1 ean13-1/04, printed
/// 7141891955390; with every format on it reads that half as a UPC-E, which `QuietZone` refuses). Asked for any
/// of the family, zbar decodes all four and reports what was asked.
final class AskedFormatsTests: XCTestCase {
    func testAskingForEAN13AloneReadsNoPieceOfACode() throws {
        let path = (TestPaths.packageRoot as NSString).appendingPathComponent("Tests/Fixtures/retail/soft-ean13-half.jpg")
        let photo = try ImageLoader().load(contentsOf: path)
        for formats: Set<BarcodeFormat> in [[.ean13], [.ean13, .upcA], [.upcA], BarcodeOptions().formats] {
            let texts = BarcodeReader(options: BarcodeOptions(formats: formats)).read(photo).map(\.text)
            XCTAssertTrue(texts.isEmpty || texts == ["7141891955390"], "\(formats.map(\.rawValue).sorted()): \(texts)")
        }
    }

    /// A UPC-A asked for as EAN-13 is still read, as the EAN-13 it also is.
    func testAUPCAIsAnEAN13WhenOnlyEAN13IsAsked() throws {
        let scratch = try TestPaths.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try runTool("zint", ["-b", "34", "--scale", "3", "--quietzones", "-d", "03600029145", "-o", "\(scratch)/upca.png"])
        let image = try ImageLoader().load(contentsOf: "\(scratch)/upca.png")
        let asEAN = ZBarScanner(formats: [.ean13]).scan(image)
        XCTAssertEqual(asEAN.map(\.format), [.ean13])
        XCTAssertEqual(asEAN.map(\.text), ["0036000291452"])
        XCTAssertEqual(ZBarScanner(formats: [.upcA]).scan(image).map(\.format), [.upcA])
        XCTAssertEqual(ZBarScanner(formats: [.code128]).scan(image), [], "not asked")
    }
}
