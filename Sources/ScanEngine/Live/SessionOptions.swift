import CardModel
import Foundation

/// A rectangle of the frame to decode, in the frame's pixels (the rest is ignored).
public struct RegionOfInterest: Sendable, Equatable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
    /// Parses "X,Y,W,H".
    public init?(_ text: String) {
        let parts = text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, parts[0] >= 0, parts[1] >= 0, parts[2] > 0, parts[3] > 0 else { return nil }
        self.init(x: parts[0], y: parts[1], width: parts[2], height: parts[3])
    }
}

/// Everything that shapes a live session, as plain values. Each `cardscan camera` flag maps to one property.
public struct SessionOptions: Sendable {
    /// Region, barcode formats, and whether text is read. Barcode retries are always off in a session: the next
    /// frame is the retry.
    public var scan: ScanOptions
    /// Stop at the first valid suggestion (of `onceType`, when set). Default false.
    public var once = false
    public var onceType: SuggestionKind?
    /// End the session after this many seconds (nil: run until stopped).
    public var timeout: Double?
    /// Wristband mode: barcodes only, region Jersey, and only the patient ID is suggested.
    public var wristband = false
    public var regionOfInterest: RegionOfInterest?
    /// Seconds a barcode may go unseen before `itemRemoved` (default 1).
    public var itemLifetime = 1.0
    /// Seconds a line of text may go unseen (OCR reads few frames; default 4).
    public var textLifetime = 4.0
    /// A camera silent this long is reported (`error` noFrames) and reopened (default 3 s).
    public var frameTimeout = 3.0
    /// After the camera is lost, keep trying to reopen it this long before closing the session (default 10 s).
    public var reconnectFor = 10.0
    /// OCR only frames that moved less than this since the previous one (mean grey-level change of a thumbnail).
    public var ocrMaximumMotion = 4.0
    /// …and are at least this sharp (mean neighbour difference of the thumbnail; a blank wall is ~0.5).
    public var ocrMinimumSharpness = 2.0
    /// Read a still scene again after this many seconds while it has given no valid suggestion.
    public var ocrRefresh = 1.5

    /// Frames decoded at once from a camera (default 1). With 1 on a multi-core machine, each frame's two
    /// readers run side by side (lowest latency); 2 decodes two frames at once (highest frame rate, but a frame
    /// waits longer for its result). `cardscan-bench live` measures both. Image files are always read one at a time.
    public var barcodeThreads = 1

    /// The largest frame, in pixels, the barcode path reads at full size in a session (larger ones are reduced).
    public static let liveWorkingPixels = 520_000

    public init(scan: ScanOptions = ScanOptions()) { self.scan = scan }
}
