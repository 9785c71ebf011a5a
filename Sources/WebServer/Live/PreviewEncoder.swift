import Capture
import Foundation
import Imaging

/// The picture a page shows under its boxes: the session's newest frame as JPEG, encoded once per frame however
/// many pages ask (a few times a second each).
final class PreviewEncoder: @unchecked Sendable {
    /// One encoded frame. `version` tells frames apart across sessions (their capture time); `width` and `height`
    /// are the frame's own: every box of an event is in those pixels, whatever size the JPEG was sent at.
    struct Picture { let jpeg: [UInt8]; let version: UInt64; let width: Int; let height: Int }

    /// Frames wider than this are sent reduced (a phone photo need not cross the wire at 4000 px).
    static let maxWidth = 1280
    private let lock = NSLock()
    private var cached: Picture?

    /// The JPEG of `frame`, from the cache when it is the one encoded last.
    func picture(of frame: Frame) throws(ImageEncodingError) -> Picture {
        lock.lock(); defer { lock.unlock() }
        if let cached, cached.version == frame.capturedAt { return cached }
        var image = frame.image
        if image.width > Self.maxWidth { image = image.scaled(by: Double(Self.maxWidth) / Double(image.width)) }
        let picture = Picture(jpeg: try image.jpegData(quality: 70), version: frame.capturedAt,
                              width: frame.image.width, height: frame.image.height)
        cached = picture
        return picture
    }
}
