import Capture
import Foundation
import XCTest

/// Image files replayed as frames: what `camera FILE`, a session's `scanFile` and a web upload go through.
final class ImageFileFramesTests: XCTestCase {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SampleImages").path

    /// A good photo is a frame; a file that is no image is one bad frame naming it (as shown, for an upload), and
    /// the stream goes on to its end.
    func testABadFileIsOneBadFrameAndTheStreamGoesOn() throws {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-frames-\(getpid())")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let junk = "\(dir)/b-not-a-photo.jpg"
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: junk))
        try FileManager.default.copyItem(atPath: "\(Self.samples)/loyalty-card-00.jpg", toPath: "\(dir)/a-card.jpg")

        let frames = ImageFileFrames(paths: [dir], shownAs: "uploaded photo")
        XCTAssertEqual(try frames.open().source, "uploaded photo")
        guard case .frame(let frame) = try frames.nextFrame(timeout: 1) else { return XCTFail("the photo is a frame") }
        XCTAssertGreaterThan(frame.image.width, 100)
        XCTAssertThrowsError(try frames.nextFrame(timeout: 1)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("uploaded photo"), text)
            XCTAssertFalse(text.contains(dir), "an upload's server path is never shown: \(text)")
        }
        guard case .ended = try frames.nextFrame(timeout: 1) else { return XCTFail("the stream ends after its files") }
    }

    /// A path that is not there is a bad frame naming it, as `scan` reports a missing file, and the stream ends.
    func testAMissingFileIsNamed() throws {
        let frames = ImageFileFrames(paths: ["/nonexistent/cardscan-photo.jpg"])
        _ = try frames.open()
        XCTAssertThrowsError(try frames.nextFrame(timeout: 1)) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/cardscan-photo.jpg"), "\(error)")
        }
        guard case .ended = try frames.nextFrame(timeout: 1) else { return XCTFail("the stream ends") }
    }

    func testFrameSizesParse() {
        XCTAssertEqual(FrameSize("1280x720").map { [$0.width, $0.height] }, [1280, 720])
        XCTAssertNil(FrameSize("1280"))
        XCTAssertNil(FrameSize("0x720"))
    }
}
