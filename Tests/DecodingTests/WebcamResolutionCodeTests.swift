import Evaluation
import CardModel
@testable import Decoding
import Foundation
import Imaging
import XCTest

/// A card's Code 128 in a 640x480 webcam frame: the shadowed sample card, shrunk into the frame (by ImageMagick,
/// not by the code under test), has modules about a pixel wide. zbar's first pass (every second line) reads it on one scan line only,
/// which alone never counts (one-line reads are how noise becomes a false code); looked at again where it was
/// glimpsed, closer, it reads. A live session retries nothing (its next frame has the same pixels), so this must
/// happen in the first pass.
final class WebcamResolutionCodeTests: XCTestCase {
    func testACodeGlimpsedOnOneLineIsReadInTheFirstPass() throws {
        let name = "gb-nhs-card-01"
        let code = try XCTUnwrap((try TestPaths.sampleTruth(name)["barcodes"] as? [[String: String]])?.first?["text"])
        let framePath = NSTemporaryDirectory() + "cardscan-webcam-frame-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: framePath) }
        _ = try runTool("convert", ["\(TestPaths.samples)/\(name).jpg", "-resize", "640x480", framePath])
        let frame = try ImageLoader().load(contentsOf: framePath)
        XCTAssertEqual(frame.width, 640)

        let zbar = ZBarScanner(formats: [.code128]).scanned(frame)
        XCTAssertEqual(zbar.found, [], "zbar's first pass alone does not read it (else this tests nothing)")
        XCTAssertFalse(zbar.glimpsed.isEmpty, "zbar reads it on one scan line")

        let live = BarcodeReader(options: BarcodeOptions(retries: false)).read(frame)
        XCTAssertEqual(live.map(\.text), [code], "read in the first pass, as a live session decodes a frame")
        let bounds = try XCTUnwrap(live.first?.bounds)
        XCTAssertGreaterThan(bounds.maxX - bounds.minX, 100, "its bounds span the code in the frame's pixels")
        XCTAssertLessThanOrEqual(bounds.maxX, frame.width)
    }
}
