import CardModel
import Imaging
import XCTest
@testable import ScanEngine

/// Item tracking and the session protocol's parser: pure logic, checked on hand-made inputs.
final class LiveTrackingTests: XCTestCase {
    func code(_ text: String, x: Int, y: Int = 100) -> RecognizedItem {
        RecognizedItem(id: "b1", kind: .barcode, format: .code128, text: text, bounds: Quad(x: x, y: y, width: 200, height: 60), confidence: 1)
    }

    func testSameCodeMovingKeepsItsIdAndAnotherGetsANewOne() {
        var tracker = ItemTracker(barcodeLifetime: 1, textLifetime: 4)
        XCTAssertEqual(tracker.update(kind: .barcode, found: [code("999", x: 100)], at: 0),
                       [.added(code("999", x: 100))])
        // Moved 30 px: the same item, updated. Moved 1 px: the same, no event (jitter).
        XCTAssertEqual(tracker.update(kind: .barcode, found: [code("999", x: 130)], at: 0.1), [.updated(code("999", x: 130))])
        XCTAssertEqual(tracker.update(kind: .barcode, found: [code("999", x: 131)], at: 0.2), [])
        // Same text far away (a second card with the same code) and a different text: new items.
        let changes = tracker.update(kind: .barcode, found: [code("999", x: 131), code("999", x: 900), code("123", x: 140, y: 400)], at: 0.3)
        XCTAssertEqual(changes.count, 2)
        let ids = changes.compactMap { if case .added(let item) = $0 { item.id } else { nil } }
        XCTAssertEqual(ids, ["b2", "b3"])
        // Unseen for longer than its lifetime: removed; seen within it: kept.
        XCTAssertEqual(tracker.expire(at: 1.25), [], "seen 0.95 s ago: still in view")
        XCTAssertEqual(tracker.expire(at: 1.35), [.removed(id: "b1"), .removed(id: "b2"), .removed(id: "b3")])
        XCTAssertTrue(tracker.current.isEmpty)
    }

    func testACompleteTextReadingRemovesLinesNoLongerThere() {
        var tracker = ItemTracker(barcodeLifetime: 1, textLifetime: 4)
        let line = { (text: String, y: Int) in RecognizedItem(id: "t1", kind: .text, text: text, bounds: Quad(x: 10, y: y, width: 300, height: 20), confidence: 0.9) }
        _ = tracker.update(kind: .barcode, found: [code("999", x: 100)], at: 0)
        _ = tracker.update(kind: .text, found: [line("Name: Robin Testwood", 10), line("NHS Number", 40)], at: 0, complete: true)
        let next = tracker.update(kind: .text, found: [line("NHS Number", 41)], at: 0.5, complete: true)
        XCTAssertEqual(next, [.removed(id: "t1")])
        XCTAssertEqual(tracker.current.map(\.id), ["b1", "t2"], "the barcode is untouched by a text reading")
    }

    func testSessionRequestsParseAndMalformedOnesSayWhy() {
        XCTAssertEqual(try SessionRequest.parse(#"{"cmd":"start","device":"/dev/video2","once":true}"#).get(),
                       .start(.init(device: "/dev/video2", size: nil, once: true, type: nil, wristband: false, timeout: nil)))
        XCTAssertEqual(try SessionRequest.parse(#"{"cmd":"accept","suggestion":"s3"}"#).get(), .accept(suggestion: "s3", noValidate: false))
        XCTAssertEqual(try SessionRequest.parse(#"{"cmd":"accept","suggestion":"s3","noValidate":true}"#).get(),
                       .accept(suggestion: "s3", noValidate: true))
        XCTAssertEqual(try SessionRequest.parse(#"{"cmd":"stop"}"#).get(), .stop)
        XCTAssertEqual(try SessionRequest.parse(#"{"cmd":"start","once":true,"type":"nhsNumber"}"#).get(),
                       .start(.init(device: nil, size: nil, once: true, type: .nhsNumber, wristband: false, timeout: nil)))
        // A kind this build does not know would never match: the front end is told, not left waiting.
        guard case .failure(let unknown) = SessionRequest.parse(#"{"cmd":"start","once":true,"type":"nhs"}"#) else {
            return XCTFail("an unknown suggestion type was accepted")
        }
        XCTAssertTrue(unknown.message.contains("unknown type 'nhs'") && unknown.message.contains("nhsNumber"), unknown.message)
        for bad in ["", "{", "[]", #"{"cmd":1}"#, #"{"cmd":"accept"}"#, #"{"cmd":"scanFile","path":""}"#,
                    #"{"cmd":"start","timeout":-1}"#, #"{"cmd":"dance"}"#, String(repeating: " ", count: 70_000)] {
            guard case .failure(let problem) = SessionRequest.parse(bad) else { return XCTFail("accepted \(bad.prefix(40))") }
            XCTAssertFalse(problem.message.isEmpty)
        }
    }

    func testYUYVAndGreyFramesBecomeLuminanceRespectingLinePadding() throws {
        // 3x2 YUYV with 4 bytes of padding per line (bytesPerLine 10): Y values 10,20,30 / 40,50,60.
        let yuyv: [UInt8] = [10, 128, 20, 128, 30, 128, 0, 0, 0, 0,
                             40, 128, 50, 128, 60, 128, 0, 0]
        let image = try yuyv.withUnsafeBytes { try GrayImage(yuyv: $0, width: 3, height: 2, bytesPerLine: 10) }
        XCTAssertEqual(image.packedPixels, [10, 20, 30, 40, 50, 60])
        let grey: [UInt8] = [1, 2, 3, 9, 4, 5, 6]
        let g = try grey.withUnsafeBytes { try GrayImage(grey: $0, width: 3, height: 2, bytesPerLine: 4) }
        XCTAssertEqual(g.packedPixels, [1, 2, 3, 4, 5, 6])
        // A buffer shorter than the format says is refused, not read past its end.
        XCTAssertThrowsError(try yuyv.withUnsafeBytes { try GrayImage(yuyv: UnsafeRawBufferPointer(rebasing: $0[0..<12]), width: 3, height: 2, bytesPerLine: 10) })
    }
}
