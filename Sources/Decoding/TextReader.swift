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
    /// Print each stage's time and the orientation and skew estimates on stderr (never the text). Default false;
    /// `--verbose` turns it on (so does `CARDSCAN_TRACE_OCR=1`).
    public var traces = false

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
    static let workingLongSide = 1280.0
    static let smallLongSide = 800.0
    /// Letter marks under this many pixels tall are grown towards it (by at most `largestGrowth`, and to at most
    /// `largestBlockPixels`): at 15 px tesseract drops digits it reads at 24.
    static let smallPrint = 24.0
    static let largestGrowth = 2.5
    static let largestBlockPixels = 2_000_000.0

    public func read(_ image: GrayImage) -> Reading {
        var stageStart = Date()
        func stage(_ name: String) {
            guard traces || Self.trace else { return }
            FileHandle.standardError.write(Data("ocr stage \(name) \(Int(Date().timeIntervalSince(stageStart) * 1000)) ms\n".utf8))
            stageStart = Date()
        }
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
        // 2. Speckle off, edges kept (a reduction has averaged the speckle already).
        if factor >= 1 { work = work.medianFiltered() }
        stage("scale+median")

        // 3. Find the text and level it: the direction of its lines at any angle, from the letter-sized marks
        //    (TextLayout), then only the block those marks outline is read — desk, clutter and shadow around a
        //    card are what made whole-frame layout analysis return junk.
        var turns = 0
        var deskew = 0.0
        if let layout = TextLayout(marks: work.textMarks()),
           let box = layout.textBox(sourceWidth: work.width, sourceHeight: work.height) {
            if abs(layout.angleDegrees) >= 0.5 {
                deskew = -layout.angleDegrees
                let (levelled, back) = work.rotated(byDegrees: deskew)
                work = levelled
                transforms.append(back)
            }
            if box.width < work.width || box.height < work.height {
                work = work.cropped(x: box.x, y: box.y, width: box.width, height: box.height)
                let dx = Double(box.x), dy = Double(box.y)
                transforms.append { x, y in (x + dx, y + dy) }
            }
            // Small print is grown to a height tesseract reads well; the block alone, so it stays cheap.
            let grow = min(Self.largestGrowth, Self.smallPrint / layout.medianMarkSize,
                           (Self.largestBlockPixels / Double(work.pixelCount)).squareRoot())
            if layout.medianMarkSize < Self.smallPrint, grow > 1.15 {
                let before = work
                work = work.scaled(by: grow)
                let fx = Double(before.width) / Double(work.width), fy = Double(before.height) / Double(work.height)
                transforms.append { x, y in (x * fx, y * fy) }
            }
            stage("layout")
        } else {
            levelByProjection(&work, &transforms, &turns, &deskew)
        }

        // 5. Right way up: leptonica's ascender/descender statistics on the level text say upside down or not;
        //    when they cannot tell, tesseract's own confidence on both ways decides (below).
        // (Measured at working size: at half size the letters are too small for ascender statistics.)
        let upright = work.textUprightConfidence() ?? 0
        if traces || Self.trace {
            FileHandle.standardError.write(Data("ocr deskew \(deskew), turns \(turns), upright \(upright)\n".utf8))
        }
        var flipped = false
        if upright < -0.5 {
            flipped = true
        }

        // 6. Read with tesseract's layout analysis; when the up/down test could not tell, or little real text came
        //    back, read the block the other way up too and keep the way that reads as text.
        var (final, back) = Self.turn(work, quarterTurns: flipped ? 2 : 0)
        stage("updown")
        var lines = engine.recognize(final, layout: .automatic)
        stage("recognise")
        if abs(upright) <= 0.5 || Self.quality(lines) < 4 {
            let (other, otherBack) = Self.turn(work, quarterTurns: flipped ? 0 : 2)
            let otherLines = engine.recognize(other, layout: .automatic)
            if Self.quality(otherLines) > Self.quality(lines) {
                final = other; back = otherBack; lines = otherLines; flipped.toggle()
            }
        }
        stage("second-orientation")
        // 7. Then tesseract's sparse-text mode on the chosen way up: it finds what layout analysis drops on a busy
        //    or uneven block (a photo beside the lines, a barcode below), while layout analysis keeps a label and
        //    its value on one line. Each adds the lines the other missed.
        lines = Self.merged(lines, engine.recognize(final, layout: .sparse))
        if let folder = Self.traceFolder { try? final.writePNG(to: "\(folder)/ocr-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).png") }
        if flipped { turns += 2; transforms.append(back) }
        if traces || Self.trace {
            FileHandle.standardError.write(Data("ocr final deskew \(deskew) flipped \(flipped) upright \(upright)\n".utf8))
        }
        stage("sparse")

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
        return Reading(lines: result, quarterTurns: turns % 4, deskewDegrees: deskew)
    }

    /// The fallback when too few letter marks are found to measure the text's direction: leptonica's skew search
    /// along both axes (measured on a half-size copy: angles do not depend on scale, and it is four times cheaper).
    private func levelByProjection(_ work: inout GrayImage, _ transforms: inout [(Double, Double) -> (Double, Double)],
                                   _ turns: inout Int, _ deskew: inout Double) {
        let preview = work.scaled(by: 0.5)
        let previewTurned = preview.rotated90Clockwise()
        let across = preview.textSkew(), down = previewTurned.textSkew()
        if let d = down, d.confidence >= 2, d.confidence > (across?.confidence ?? 0) * 1.3 {
            turns = 1
            let (turned, back) = Self.turn(work, quarterTurns: 1)
            work = turned
            transforms.append(back)
        }
        let skewEstimate = turns == 1 ? down : across
        if let skew = skewEstimate, abs(skew.degrees) >= 0.8, skew.confidence >= 2 {
            deskew = -skew.degrees
            let (levelled, back) = work.rotated(byDegrees: deskew)
            work = levelled
            transforms.append(back)
        }
    }

    /// The lines of `first`, then those of `second` whose text `first` does not already hold (compared on letters
    /// and digits only, so the same words read with other spacing or punctuation are not listed twice).
    static func merged(_ first: [TesseractEngine.Line], _ second: [TesseractEngine.Line]) -> [TesseractEngine.Line] {
        func key(_ text: String) -> String { String(text.uppercased().filter { $0.isLetter || $0.isNumber }) }
        let known = first.map { key($0.text) }.joined(separator: "|")
        return first + second.filter { line in
            let k = key(line.text)
            return !k.isEmpty && !known.contains(k)
        }
    }

    /// How much real text a reading holds. Upside-down text still comes back from tesseract, sometimes with
    /// confidence, as fragments like "VeqQWNN" or "SHN": what it never gives is the words printed on cards, nor
    /// words cased as words are (Capitalised, lower or UPPER). Card words count most; plausibly cased words and
    /// digit groups count by their confidence.
    static func quality(_ lines: [TesseractEngine.Line]) -> Double {
        lines.flatMap(\.words).reduce(0) { sum, word in
            let core = word.text.filter { $0.isLetter || $0.isNumber }
            guard core.count >= 2, word.confidence >= 0.5 else { return sum }
            if cardWords.contains(core.lowercased()) { return sum + 3 }
            if core.allSatisfy(\.isNumber) { return sum + word.confidence }
            guard core.allSatisfy(\.isLetter), core.count >= 3 else { return sum }
            let rest = core.dropFirst()
            let cased = rest.allSatisfy(\.isLowercase) || core.allSatisfy(\.isUppercase)
            let hasVowel = core.lowercased().contains { "aeiouy".contains($0) }
            return cased && hasVowel ? sum + word.confidence : sum
        }
    }

    /// Words printed on the cards cardscan reads (labels, places, card titles).
    static let cardWords: Set<String> = [
        "name", "nhs", "number", "no", "dob", "date", "birth", "born", "address", "social", "security", "ssn",
        "health", "card", "medical", "hosp", "hospital", "patient", "tel", "phone", "expires", "expiry", "valid",
        "from", "states", "jersey", "guernsey", "member", "since", "points", "rewards", "library", "ref", "gp",
        "surgery", "road", "street", "lane", "avenue", "close", "st", "helier", "peter", "port", "the", "of",
    ]

    /// `CARDSCAN_TRACE_OCR=1` prints the orientation and skew estimates on stderr (never the text).
    static let trace = ProcessInfo.processInfo.environment["CARDSCAN_TRACE_OCR"] == "1"
    /// `CARDSCAN_TRACE_OCR_DIR=DIR` (development only) writes the image tesseract was given into DIR, 0600: it
    /// shows what the geometry steps made of a photo. It holds the card's text, so never set it on real cards.
    static let traceFolder = ProcessInfo.processInfo.environment["CARDSCAN_TRACE_OCR_DIR"]

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
