import CardModel
import Foundation
import Imaging

/// Card text, wherever it is: the one entry point for OCR. Photographed cards come turned (any right angle),
/// tilted (±15°), noisy and at any size; `read` levels and uprights the image before tesseract sees it, and gives
/// every line's bounds back in the source image's pixels.
///
/// One reader per thread (it owns a tesseract engine); make one per worker for parallel work.
public final class TextReader {
    private let engine: TesseractEngine

    public init() throws(TextReaderError) {
        engine = try TesseractEngine()
    }

    /// A recognised line of text.
    public struct Line: Sendable {
        public let text: String
        /// 0…1, tesseract's confidence for the line.
        public let confidence: Double
        public let bounds: Quad
        public let words: [Word]
    }

    public struct Word: Sendable {
        public let text: String
        public let confidence: Double
        public let bounds: Quad
    }

    /// What was done to make the text upright and level, and what was read.
    public struct Reading: Sendable {
        public let lines: [Line]
        /// Quarter turns clockwise applied to stand the text upright.
        public let quarterTurns: Int
        /// Degrees the image was turned to level the text.
        public let deskewDegrees: Double
    }

    /// Text height tesseract reads best at is roughly 20–40 px: work on images of about this long side.
    static let workingLongSide = 1600.0
    static let smallLongSide = 900.0

    public func read(_ image: GrayImage) -> Reading {
        var transforms: [(Double, Double) -> (Double, Double)] = []  // each takes a point one step back

        // 1. Size: shrink large photos (faster, and noise averages out); grow small ones so letters have pixels.
        var work = image
        let longSide = Double(max(image.width, image.height))
        let factor = longSide > Self.workingLongSide ? Self.workingLongSide / longSide : (longSide < Self.smallLongSide ? 2 : 1)
        if factor != 1 {
            work = image.scaled(by: factor)
            let fx = Double(image.width) / Double(work.width), fy = Double(image.height) / Double(work.height)
            transforms.append { x, y in (x * fx, y * fy) }
        }
        // 2. Speckle off, edges kept.
        work = work.medianFiltered()

        // 3. Upright: leptonica's ascender/descender statistics say which way up the text is.
        var turns = 0
        if let orientation = work.textQuarterTurnsToUpright(), orientation.turns != 0 {
            turns = orientation.turns
            let (turned, back) = Self.turn(work, quarterTurns: turns)
            work = turned
            transforms.append(back)
        }

        // 4. Level: find the lean of the text lines and turn it away.
        var deskew = 0.0
        if let skew = work.textSkew(), abs(skew.degrees) >= 0.8, skew.confidence >= 2 {
            deskew = -skew.degrees
            let (levelled, back) = work.rotated(byDegrees: deskew)
            work = levelled
            transforms.append(back)
        }

        // 5. Read: tesseract's layout analysis first; its sparse-text mode where layout finds (almost) nothing.
        var lines = engine.recognize(work, layout: .automatic)
        if lines.count < 2 {
            let sparse = engine.recognize(work, layout: .sparse)
            if sparse.count > lines.count { lines = sparse }
        }

        func toSource(_ x: Double, _ y: Double) -> Point {
            var p = (x, y)
            for step in transforms.reversed() { p = step(p.0, p.1) }
            return Point(x: Int(p.0.rounded()), y: Int(p.1.rounded()))
        }
        func quad(_ b: (left: Int, top: Int, right: Int, bottom: Int)) -> Quad {
            let l = Double(b.left), t = Double(b.top), r = Double(b.right), bo = Double(b.bottom)
            return Quad([toSource(l, t), toSource(r, t), toSource(r, bo), toSource(l, bo)])
        }
        let result = lines.map { line in
            Line(text: line.text, confidence: line.confidence, bounds: quad(line.box),
                 words: line.words.map { Word(text: $0.text, confidence: $0.confidence, bounds: quad($0.box)) })
        }
        return Reading(lines: result, quarterTurns: turns, deskewDegrees: deskew)
    }

    /// Turns an image clockwise by quarter turns and returns the point mapping back.
    static func turn(_ image: GrayImage, quarterTurns: Int) -> (GrayImage, (Double, Double) -> (Double, Double)) {
        let w = Double(image.width), h = Double(image.height)
        switch quarterTurns % 4 {
        case 1: return (image.rotated90Clockwise(), { x, y in (y, h - 1 - x) })
        case 2: return (image.rotated180(), { x, y in (w - 1 - x, h - 1 - y) })
        case 3: return (image.rotated90CounterClockwise(), { x, y in (w - 1 - y, x) })
        default: return (image, { x, y in (x, y) })
        }
    }
}
