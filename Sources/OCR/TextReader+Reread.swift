import CardModel
import Foundation
import Imaging
import Locating

/// A second, closer look at one line: a label read without its value (`RereadPlanner` asks).
extension TextReader {
    /// Reads one line again, closer: the line whose bounds (in `image`'s pixels, as `read` gave them) are `line`,
    /// widened along its direction and down to the next line (a value printed after or below its label), levelled,
    /// at two print sizes, as a block of text. Lines come back in `image`'s pixels.
    public func reread(_ image: GrayImage, line: Quad) -> [Line] {
        // A line tesseract read down its block (it reads print on its side as vertical text) has its box's corners a
        // quarter turn from its reading order: its long edge comes second. Which way it reads is not known from
        // the box, so both ways are read.
        let q = line.points
        func length(_ a: Point, _ b: Point) -> Double { hypot(Double(b.x - a.x), Double(b.y - a.y)) }
        if length(q[1], q[2]) > 1.5 * length(q[0], q[1]) {
            return rereadAlong(image, line: Quad([q[1], q[2], q[3], q[0]])) + rereadAlong(image, line: Quad([q[3], q[0], q[1], q[2]]))
        }
        return rereadAlong(image, line: line)
    }

    /// `reread` of a line whose corners are in reading order (top left, top right, bottom right, bottom left).
    private func rereadAlong(_ image: GrayImage, line: Quad) -> [Line] {
        let p = line.points.map { (x: Double($0.x), y: Double($0.y)) }
        let along = (x: p[1].x - p[0].x, y: p[1].y - p[0].y), down = (x: p[3].x - p[0].x, y: p[3].y - p[0].y)
        let width = (along.x * along.x + along.y * along.y).squareRoot(), height = (down.x * down.x + down.y * down.y).squareRoot()
        guard width >= 4, height >= 4 else { return [] }
        let u = (x: along.x / width, y: along.y / width), n = (x: down.x / height, y: down.y / height)
        func point(_ base: (x: Double, y: Double), _ a: Double, _ d: Double) -> (x: Double, y: Double) {
            (base.x + u.x * a + n.x * d, base.y + u.y * a + n.y * d)
        }
        let reach = max(width, 10 * height)
        let corners = [point(p[0], -height, -0.4 * height), point(p[0], width + reach, -0.4 * height),
                       point(p[0], width + reach, 2.6 * height), point(p[0], -height, 2.6 * height)]
        let degrees = -atan2(along.y, along.x) * 180 / .pi
        var lines: [Line] = []
        // Capitals and digits fill about 70% of a line box; two sizes, since a slip at one is often read at the other.
        for print in [Self.smallPrint, Self.smallPrint * 1.5] {
            let (block, transforms) = Self.levelledBlock(of: image, corners: corners, degrees: abs(degrees) < 0.5 ? 0 : degrees,
                                                         printSize: 0.7 * height * Self.smallPrint / print, workingFactor: 1)
            lines += Self.mapped(recognize(block, layout: .block, why: "reread"), through: transforms)
        }
        return lines
    }
}

extension TextReader {
    /// Reads one line again on its own crop (cut as the detector's lines are: `DetectedLineReading.crop`) by the
    /// reader that did not read it first: tesseract where PP-OCR's recogniser reads first, the recogniser where
    /// tesseract does (nothing without it). `line`: the line's bounds as read, corners in reading order. A line read
    /// by PP-OCR has the detector box's height; one tesseract read has its print's, and is given the detector's
    /// margin back (a third of the print's height above and below).
    /// `runOn`: line heights the crop runs on past the line's end (a box the detector cut short of its last letter).
    public func readByOtherReader(_ image: GrayImage, line: Quad, runOn: Double = 0) -> [Line] {
        let q = line.points.map { PointD(x: Double($0.x), y: Double($0.y)) }
        let along = PointD(x: q[1].x - q[0].x, y: q[1].y - q[0].y), down = PointD(x: q[3].x - q[0].x, y: q[3].y - q[0].y)
        let length = hypot(along.x, along.y), height = hypot(down.x, down.y)
        guard length >= 4, height >= DetectedLineReading.smallestHeight else { return [] }
        let other: LineReaders
        switch readers {
        case .learnedFirst, .learnedOnly: other = .tesseractOnly
        case .tesseractFirst, .tesseractOnly, .numbersLearned:
            guard recogniser != nil else { return [] }
            other = .learnedOnly
        }
        let unit = PointD(x: along.x / length, y: along.y / length)
        var box = LineBox(origin: q[0], along: unit, length: length + runOn * height, height: height, score: 1)
        if !readers.learnedFirst || recogniser == nil {
            let margin = height / 3
            box = LineBox(origin: box.point(along: 0, down: -margin), along: unit, length: length, height: height + 2 * margin, score: 1)
        }
        var reading = DetectedLineReading(engine: engine)
        reading.recogniser = recogniser
        reading.readers = other
        reading.traces = traces
        return reading.line(image, box)
    }
}
