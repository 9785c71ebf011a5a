@testable import OCR
import Foundation
import Imaging
import XCTest

/// The way up settled once, by the detector's lines, for the layout path too: told which way the print reads
/// (`Reading.readingDegrees`), it reads each block that way only, where it used to read the other way up as well
/// (leptonica's statistics, then a reading each way; a third of its tesseract time on cards-dev2).
final class LayoutWayUpTests: XCTestCase {
    /// SampleImages' Guernsey card photographed upside down (`"turned": 180`, in a shadow): the detector's lines say
    /// so, and the layout path told it reads the card turned round, once, and reads its social security number.
    func testTheLayoutPathToldTheWayUpReadsThatWayOnly() throws {
        _ = try TextLineDetectorTests.installedModel()  // skips where the detector cannot run (an ASan build)
        let path = (TestPaths.packageRoot as NSString).appendingPathComponent("SampleImages/gg-ssn-card-03")
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path + ".json"))) as? [String: Any]
        XCTAssertEqual(truth?["turned"] as? Int, 180)
        let number = try XCTUnwrap((truth?["fields"] as? [String: Any])?["guernseySocialSecurity"] as? String)
        let photo = try ImageLoader().load(contentsOf: path + ".jpg")
        let reader = try TextReader.asConfigured()
        XCTAssertTrue(reader.hasLineDetector, "the text-line model is installed (Scripts/setup)")
        let along = try XCTUnwrap(try XCTUnwrap(reader.readLines(photo)).readingDegrees, "the lines settle the way up")
        XCTAssertLessThan(abs(remainder(along - 180, 360)), 30, "upside down: reading along \(along)°")

        let folder = try TestPaths.scratchFolder()
        reader.traces.textImagesFolder = folder
        let reading = reader.readByLayout(photo, readingAlong: along)
        let digits = reading.lines.map { String($0.text.filter(\.isNumber)) }
        XCTAssertTrue(digits.contains { $0.contains(number.filter(\.isNumber)) }, "the social security number is read: \(digits.count) lines")
        // Each pass's image is named by its purpose (`ocr-PID-N-WHY.png`).
        let passes = try FileManager.default.contentsOfDirectory(atPath: folder).map { $0.split(separator: "-").dropFirst(3).joined(separator: "-") }
        XCTAssertTrue(passes.contains("known-flipped.png"), "read turned round as the lines said: \(passes)")
        XCTAssertFalse(passes.contains { ["upright.png", "flipped.png", "other-way.png"].contains($0) }, "not read the other way: \(passes)")
    }

    /// Which way up a block is, from the direction the lines read along and the block's mapping back to the photo:
    /// turned round against it, along it, or across it (no answer).
    func testABlocksWayUpFollowsTheLinesDirection() throws {
        let block = try GrayImage(width: 200, height: 100, pixels: [UInt8](repeating: 255, count: 200 * 100))
        let (turned, back) = TextReader.turn(block, quarterTurns: 2)
        XCTAssertEqual(TextReader.upsideDown(turned, mappedBack: [back], readingAlong: 0), true)
        XCTAssertEqual(TextReader.upsideDown(block, mappedBack: [], readingAlong: 10), false)
        XCTAssertEqual(TextReader.upsideDown(turned, mappedBack: [back], readingAlong: 185), false)
        XCTAssertNil(TextReader.upsideDown(block, mappedBack: [], readingAlong: 90))
        let (quarter, quarterBack) = TextReader.turn(block, quarterTurns: 1)
        // Turned a quarter clockwise, the block's rows run up the photo: print reading bottom to top stands upright.
        XCTAssertEqual(TextReader.upsideDown(quarter, mappedBack: [quarterBack], readingAlong: -90), false)
        XCTAssertEqual(TextReader.upsideDown(quarter, mappedBack: [quarterBack], readingAlong: 90), true)
    }
}
