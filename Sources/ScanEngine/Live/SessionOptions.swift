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
/// Start from the preset for the input (`camera`, `imageFiles`, `preset(for:scan:)`): a session runs with the
/// options it is given.
public struct SessionOptions: Sendable {
    /// Region, barcode formats, and whether text is read (the presets set how barcodes are retried).
    public var scan: ScanOptions
    /// Stop at the first valid suggestion (of `onceType`, when set). Default false.
    public var once = false
    public var onceType: SuggestionKind?
    /// End the session after this many seconds (nil: run until stopped).
    public var timeout: Double?
    /// Wristband mode: only the patient ID is suggested (`readingWristbands()` sets it with what it needs).
    public private(set) var wristband = false
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

    /// Options as given, for a caller that sets every one itself (a preset is what a front end wants).
    public init(scan: ScanOptions = ScanOptions()) { self.scan = scan }
}

extension SessionOptions {
    /// A camera: each frame gets one quick barcode pass (the next frame is the retry), and frames above
    /// `liveWorkingPixels` are read reduced: a 1280x720 frame then costs 19 ms instead of 30, and on the sample cards
    /// 57 codes were found instead of 54 (`cardscan-bench frame-cost`): a card held up to a webcam fills enough of the
    /// frame that its bars survive the reduction.
    public static func camera(_ scan: ScanOptions = ScanOptions()) -> SessionOptions {
        var options = SessionOptions(scan: scan)
        options.scan.barcodes.retries = false
        options.scan.barcodes.maxWorkingPixels = min(scan.barcodes.maxWorkingPixels, liveWorkingPixels)
        return options
    }

    /// Image files (`camera PATH`, a session's `scanFile`, a web upload): they have no next frame, so they are
    /// decoded as `scan` decodes a still, retries and all: a photo gives the same codes whichever command reads it.
    public static func imageFiles(_ scan: ScanOptions = ScanOptions()) -> SessionOptions {
        SessionOptions(scan: scan)
    }

    /// The preset for a source: `camera` for a live one, `imageFiles` otherwise.
    public static func preset(live: Bool, scan: ScanOptions) -> SessionOptions {
        live ? camera(scan) : imageFiles(scan)
    }

    /// Wristband mode: barcodes only, and a Jersey hospital's region unless `--region` named one.
    public mutating func readingWristbands() {
        wristband = true
        scan.readsText = false
        if scan.region?.basis != .option { scan.region = RegionResolution(code: .je, basis: .option) }
    }
}
