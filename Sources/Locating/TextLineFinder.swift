import Foundation
import Imaging

/// Every line of print in a photo, found by the learned detector in at most three passes, each only where the
/// last one asks for it:
/// 1. the whole photo at `firstLongSide`;
/// 2. the photo a quarter turned, when the first pass found no clear run of lines, or lines running down the
///    frame: the network, trained mostly on print that runs along, outlines upright lines of a card lying on its
///    side as one blob or not at all (measured: a Jersey card turned 90° gave one box, turned back nine);
/// 3. closer, on the region holding what was found, when its print was small for the network (a card or letter
///    small in a large frame: at coarse scale neighbouring lines merge into one box, or small body text is lost).
public struct TextLineFinder {
    public let detector: TextLineDetector
    public var firstLongSide = 640
    /// The box height (detector input pixels) the closer look aims at, and its largest input side. 26, not 32: the
    /// closer look then mostly runs at 640 or 800 instead of 800 or 960 (its sides are snapped to `closerSides`),
    /// and no field fell on cards-dev, cards-dev2 (GY 17 -> 18, names 88 -> 89, cards-dev hospital numbers 33 -> 34)
    /// or the receipts (date 95 -> 97, address 93 -> 95, company 68 -> 65: one company's name, three single-letter
    /// slips). One card at a time, every fourth cards-dev2 photo: 1178 -> 740 ms end to end at the median. At 22 the
    /// network was cheaper still (290 ms) but cards-dev2 lost an NHS number, a date of birth, a postcode and a JY.
    public var zoomBoxHeight = 26.0
    public var zoomLongSide = 960
    /// The first pass is trusted for its direction when it found at least this many evident lines (long side
    /// `LineGeometry.evidentAspect` times the short) running within 45° of the frame's x axis.
    static let enoughLines = 3

    public init(detector: TextLineDetector) { self.detector = detector }

    public struct Found: Sendable {
        public var lines: [DetectedLine]
        public var networkMs: Double
        /// What the passes did, for `--verbose` traces (never text).
        public var notes: [String]
    }

    public func find(_ image: GrayImage) throws(TextLineModelError) -> Found {
        var notes: [String] = []
        let first = try detector.detect(image, longSide: firstLongSide)
        var ms = first.networkMs
        var frame = image, lines = first.lines, turned = false
        if !Self.runsAlong(lines) {
            let turnedImage = image.rotated90Clockwise()
            let second = try detector.detect(turnedImage, longSide: firstLongSide)
            ms += second.networkMs
            notes.append("turned: \(Self.evidentLength(lines).rounded()) -> \(Self.evidentLength(second.lines).rounded())")
            if Self.evidentLength(second.lines) > Self.evidentLength(lines) {
                (frame, lines, turned) = (turnedImage, second.lines, true)
            }
        }
        let inputScale = Double(firstLongSide) / Double(max(frame.width, frame.height))
        if let zoom = LineGeometry.zoomRegion(lines, imageWidth: frame.width, imageHeight: frame.height, inputScale: inputScale,
                                              wantedHeight: zoomBoxHeight, largestSide: zoomLongSide) {
            let region = frame.cropped(x: zoom.x, y: zoom.y, width: zoom.width, height: zoom.height)
            let closer = try detector.detect(region, longSide: closerLongSide(zoom.inputLongSide))
            ms += closer.networkMs
            notes.append("zoom \(zoom.width)x\(zoom.height) at \(zoom.inputLongSide): \(lines.count) -> \(closer.lines.count) boxes")
            lines = closer.lines.map { $0.moved(by: PointD(x: Double(zoom.x), y: Double(zoom.y))) }
        }
        if turned {
            // Back from the turned frame: its (x, y) is the photo's (y, height - 1 - x).
            let h = Double(image.height)
            lines = lines.map { DetectedLine(corners: $0.corners.map { PointD(x: $0.y, y: h - 1 - $0.x) }, score: $0.score) }
        }
        return Found(lines: lines, networkMs: ms, notes: notes)
    }

    /// The closer look's input long side: the one asked for, brought down to one of a few (but not under the
    /// first pass's), so its network is one already loaded and run (`TextLineDetector.canvas`).
    func closerLongSide(_ wanted: Int) -> Int {
        Self.closerSides.last { $0 <= wanted } ?? Self.closerSides[0]
    }
    static let closerSides = [640, 800, 960]

    /// Enough evident lines, running nearer the x axis than the y axis.
    static func runsAlong(_ lines: [DetectedLine]) -> Bool {
        guard let degrees = LineGeometry.prevailingDegrees(lines), abs(degrees) <= 45 else { return false }
        return evidentLines(lines).count >= enoughLines
    }

    static func evidentLines(_ lines: [DetectedLine]) -> [DetectedLine] {
        lines.filter { line in
            let (a, b) = LineGeometry.sides(line)
            let la = hypot(a.x, a.y), lb = hypot(b.x, b.y)
            return max(la, lb) >= LineGeometry.evidentAspect * min(la, lb)
        }
    }

    /// The summed length of the evident lines running within 45° of the x axis: how much print a pass outlined
    /// as lines it can read along.
    static func evidentLength(_ lines: [DetectedLine]) -> Double {
        evidentLines(lines).reduce(0) { sum, line in
            let (a, b) = LineGeometry.sides(line)
            let long = hypot(a.x, a.y) >= hypot(b.x, b.y) ? a : b
            return abs(long.x) >= abs(long.y) ? sum + hypot(long.x, long.y) : sum
        }
    }
}

extension DetectedLine {
    func moved(by offset: PointD) -> DetectedLine {
        DetectedLine(corners: corners.map { PointD(x: $0.x + offset.x, y: $0.y + offset.y) }, score: score)
    }
}
