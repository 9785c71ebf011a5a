import CardModel
import Foundation
import Imaging
import Locating

/// Text read line by line where the learned detector found lines: each line cut out along its own direction,
/// levelled and scaled so its print is the height tesseract's line recogniser reads best, and read as one line
/// (`PageLayout.singleLine`). Tesseract's page layout analysis is not used: the detector has already told lines
/// from desk, pictures and barcodes, and each crop is thresholded on its own (a shadow across the card darkens
/// one line's crop, not the threshold of the whole block).
///
/// The way up: the detector's boxes give the direction the print runs along but not which end it starts from.
/// The longest lines are read the prevailing way first; unless they read as real text (`TextReader.quality`),
/// they are read turned 180° too and the better way is kept for every line of the photo.
struct DetectedLineReading {
    /// The height, in pixels, each line's box (the detector's box: print plus a margin of about a third of its
    /// height on each side) is scaled to. Capitals then stand about 26-30 px, where tesseract's LSTM reads best.
    static let cropHeight = 48.0
    /// Boxes under this many source pixels tall hold no readable print at any scale.
    static let smallestHeight = 6.0
    /// How many of the longest lines decide the way up, and the quality (card words, well-cased words) that
    /// settles it without reading them the other way.
    static let wayUpProbes = 3
    static let wayUpSettled = 6.0
    /// The crop runs this many line heights past each end of the box: the detector's box can clip a first or
    /// last letter, and tesseract reads a line's ends better with some margin.
    static let endMargin = 0.3

    let engine: TesseractEngine
    var spare: TesseractEngine?
    /// PP-OCR's recogniser, and which reader reads a line first (`LineReaders`); nil: tesseract alone.
    var recogniser: LineRecognizer?
    var readers = LineReaders.learnedFirst
    let tally = ReaderTally()
    var traces = Traces()
    /// The photo with a measured motion smear undone, at `scale` times the photo's size (`TextReader`): a line read
    /// unsurely (under `sureLine`) is read on it as well, and the reading with more surely read print kept. A
    /// hand still moving the card smears every line the same way; the detector still finds the lines, and
    /// tesseract misreads them (`O2/O8/ 1082` for `03/05/1982`). Asked for only once a line was read unsurely,
    /// at most once a photo: measuring the smear is ~80 ms a photo, and a photo whose lines all read surely
    /// needs none of it.
    var unsmeared: (() -> (image: GrayImage, scale: Double)?)?
    static let sureLine = 0.8

    /// The unsharp mask (Gaussian sigma, amount; crop pixels, the crop `cropHeight` tall) a line read unsurely is
    /// read with again. Print out of focus (a webcam without autofocus, a card held too close) comes to tesseract as
    /// grey ramps its threshold cuts into blobs: cards-dev2 0017's `S11 9SS` read `Sit 98S`, then `$11 955` with
    /// its edges steepened, which the postcode repair reads. Over both dev sets and the receipts (release, `scan
    /// --json`, against the build without it): cards-dev2 postcode 23 -> 24/28; cards-dev names 99 -> 98 (a `dos` at
    /// confidence 0 became `DOE` at 0.61, taken for the name under a `Name` label), one wrong valid postcode fewer;
    /// receipts date / address / total / company 97 / 95 / 93 / 65 -> 98 / 96 / 96 / 68 (98 / 97 / 95 / 68 with the
    /// sharpened reading kept only at `doubtfulLine` or surer, the card sets the same). Milder (2, 1.5) lost an
    /// NHS number and a name on cards-dev2. The batch's summed OCR time did not rise beyond this machine's spread
    /// between sittings (cards-dev2 296 -> 280 s, cards-dev 137 -> 123 s).
    static let unsharpMask = (sigma: 3.0, amount: 2.0)

    /// The lines of `image` that `detected` outlines, read; nil when there is nothing to read.
    func read(_ image: GrayImage, detected: [DetectedLine]) -> TextReader.Reading? {
        guard let prevailing = LineGeometry.prevailingDegrees(detected) ?? (detected.isEmpty ? nil : 0) else { return nil }
        let boxes = LineGeometry.lines(detected, prevailing: prevailing).filter { $0.height >= Self.smallestHeight }
        guard !boxes.isEmpty else { return nil }

        // The way up, from the longest lines.
        let probes = boxes.indices.sorted { boxes[$0].length > boxes[$1].length }.prefix(Self.wayUpProbes)
        var read: [Int: [TextReader.Line]] = [:]
        for i in probes { read[i] = line(image, boxes[i]) }
        let asFound = probes.flatMap { read[$0]! }
        var turned = false, contested = false, wayUpKnown = true
        if TextReader.quality(asFound) < Self.wayUpSettled || Self.meanConfidence(asFound) < Self.settledConfidence {
            var other: [Int: [TextReader.Line]] = [:]
            for i in probes { other[i] = line(image, boxes[i].turned) }
            let otherLines = probes.flatMap { other[$0]! }
            let (one, two) = (Self.evidence(asFound), Self.evidence(otherLines))
            if two > one { turned = true; read = other }
            contested = min(one, two) >= Self.contestedShare * max(one, two)
            wayUpKnown = max(one, two) >= Self.knownWayUpEvidence && min(one, two) <= Self.knownWayUpShare * max(one, two)
            trace("ocr lines way-up evidence \(one) turned \(two)")
        }
        var oriented = turned ? LineGeometry.inReadingOrder(boxes.map(\.turned)) : boxes
        // `read` is keyed by index into `boxes`, and turning reverses the reading order: the probes' readings are
        // matched to the oriented boxes by value (a box turned is computed the same way both times), not re-read.
        var probeLines: [LineBox: [TextReader.Line]] = [:]
        for i in probes { probeLines[turned ? boxes[i].turned : boxes[i]] = read[i] }
        if contested { oriented = wayUpByNeighbourhood(image, oriented, &probeLines) }

        let rest = oriented.filter { probeLines[$0] == nil }
        // Each row's reading with the box it was read along (a doubtful line may have been read turned round).
        var readings = probeLines.map { (row: $0.key, box: $0.key, lines: $0.value) }
        readings += zip(rest, readAll(image, rest)).map { (row: $0.0, box: $0.1.box, lines: $0.1.lines) }
        readings = sharpest(image, readings)
        var byBox: [LineBox: [TextReader.Line]] = [:]
        for reading in readings { byBox[reading.row] = reading.lines }
        let lines = oriented.flatMap { byBox[$0] ?? [] }
        let degrees = (turned ? prevailing + 180 : prevailing)
        let turns = ((Int((degrees / 90).rounded()) % 4) + 4) % 4
        trace("ocr readers: \(tally.summary)")
        trace("ocr lines \(detected.count) boxes, \(oriented.count) rows, prevailing \(Int(prevailing))°, turned \(turned)")
        var reading = TextReader.Reading(lines: lines, quarterTurns: (4 - turns) % 4, deskewDegrees: -(degrees - Double(turns) * 90))
        reading.readingDegrees = wayUpKnown ? degrees : nil
        return reading
    }

    /// The way up the probes chose is known, for the layout path too (`TextReader.readByLayout(_:readingAlong:)`),
    /// when the first reading settled it, or the other way held at most this share of the chosen way's evidence
    /// (print read upside down holds 0.2-0.4 of it), and the chosen way at least `knownWayUpEvidence` (some ten
    /// characters read surely: junk read both ways is no evidence either way).
    static let knownWayUpShare = 0.45
    static let knownWayUpEvidence = 10.0

    /// A probe reading this sure on average (and of `wayUpSettled` quality) settles the way up by itself: text
    /// read upside down also comes back as words cased like words ("aney pue Aepor"), but tesseract is unsure of
    /// them (0.2-0.4 against 0.9 upright, on a letter lying upside down).
    static let settledConfidence = 0.7
    /// A line read this unsure, or not at all, is read turned round too, and the surer reading kept: a card can
    /// lie the other way up from the paper it lies on (a card upside down on a newspaper).
    static let doubtfulLine = 0.5

    static func meanConfidence<L: HasText>(_ lines: [L]) -> Double {
        let weights = lines.map { Double($0.text.filter { $0.isLetter || $0.isNumber }.count) }
        let total = weights.reduce(0, +)
        return total == 0 ? 0 : zip(lines, weights).reduce(0) { $0 + $1.0.confidence * $1.1 } / total
    }

    /// How much surely read print a reading holds: each line's letters and digits weighted by its confidence.
    static func evidence<L: HasText>(_ lines: [L]) -> Double {
        lines.reduce(0) { $0 + $1.confidence * Double($1.text.filter { $0.isLetter || $0.isNumber }.count) }
    }

    /// At most this many doubtful lines of a photo are read turned round, and at most this many unsure lines read
    /// again sharpened (or unsmeared): the tallest first. A card photographed on a newspaper, or among other print
    /// too small to read, has a hundred lines or more that no reader is sure of, and reading each of them three
    /// more times took cards-dev2 0008 (a band on a newspaper, 128 lines) 13 s. On a card alone every line gets
    /// its rereads as before; where there are more, the largest print, which a card's fields are not smaller than
    /// the background's, goes first.
    static let rereadsPerPhoto = 24

    /// Which of `candidates` (indices of `boxes`) are read again: the `rereadsPerPhoto` tallest, in their order.
    static func worthRereading(_ candidates: [Int], heights: (Int) -> Double) -> [Int] {
        guard candidates.count > rereadsPerPhoto else { return candidates }
        let kept = Set(candidates.sorted { heights($0) > heights($1) }.prefix(rereadsPerPhoto))
        return candidates.filter(kept.contains)
    }

    /// Each reading, or a second reading of its box when that holds more surely read print (`evidence`): on the
    /// unsmeared photo when the photo has a motion smear, then with the crop's edges steepened. Only readings under
    /// `sureLine` are read again, and the photo is unsmeared only when there is a smear.
    private func sharpest(_ image: GrayImage, _ readings: [(row: LineBox, box: LineBox, lines: [TextReader.Line])])
        -> [(row: LineBox, box: LineBox, lines: [TextReader.Line])] {
        var result = readings
        func unsure(_ i: Int) -> Bool { Self.meanConfidence(result[i].lines) < Self.sureLine }
        guard result.indices.contains(where: unsure) else { return readings }
        var unsmearedRows = Set<Int>()
        if let unsmeared = unsmeared?() {
            let s = unsmeared.scale
            let unsureRows = Self.worthRereading(result.indices.filter(unsure)) { result[$0].box.height }
            let again = reread(unsureRows, of: result) { box, engine in
                let there = LineBox(origin: PointD(x: box.origin.x * s, y: box.origin.y * s), along: box.along,
                                    length: box.length * s, height: box.height * s, score: box.score)
                return self.line(unsmeared.image, there, on: engine).map { $0.scaled(by: 1 / s) }
            }
            for (i, sharp) in again where Self.evidence(sharp) > Self.evidence(result[i].lines) {
                result[i].lines = sharp
                unsmearedRows.insert(i)
            }
        }
        // Then print out of focus: a line still under `sureLine` is read again with its crop's edges steepened
        // (`GrayImage.unsharpMasked`). The sharpened reading is kept when it holds more surely read print and is
        // itself no doubtful reading (`doubtfulLine`): junk read at confidence 0 would lose to any reading at all.
        // Lines read better with the smear undone are not read again from the smeared photo.
        let blurredRows = Self.worthRereading(result.indices.filter { !unsmearedRows.contains($0) && unsure($0) }) { result[$0].box.height }
        let again = reread(blurredRows, of: result) { box, engine in
            self.line(image, box, on: engine, sharpened: Self.unsharpMask)
        }
        for (i, sharp) in again where Self.evidence(sharp) > Self.evidence(result[i].lines) && Self.meanConfidence(sharp) >= Self.doubtfulLine {
            result[i].lines = sharp
        }
        return result
    }

    /// `read` of the boxes of `readings` at `indices`, on two engines at once when a spare one is there (half each),
    /// as the first readings were.
    private func reread(_ indices: [Int], of readings: [(row: LineBox, box: LineBox, lines: [TextReader.Line])],
                        _ read: @escaping (LineBox, TesseractEngine) -> [TextReader.Line]) -> [(Int, [TextReader.Line])] {
        Array(zip(indices, inHalves(indices.map { readings[$0].box }, splitFrom: 2, read)))
    }

    /// Every box read, on two engines at once when a spare one is there (half the boxes each); a doubtful reading
    /// (under `doubtfulLine`, of a box at least twice as long as tall) is read turned round too and the turned
    /// reading kept when it is sure and holds more surely read print. A card can lie the other way up from the
    /// paper it lies on (a card upside down on a newspaper). Only a sure reading turns a line on its own: junk read
    /// both ways can score higher either way.
    private func readAll(_ image: GrayImage, _ boxes: [LineBox]) -> [(box: LineBox, lines: [TextReader.Line])] {
        var result = inHalves(boxes) { box, engine in (box: box, lines: self.line(image, box, on: engine)) }
        let doubtful = Self.worthRereading(boxes.indices.filter {
            Self.meanConfidence(result[$0].lines) < Self.doubtfulLine && boxes[$0].length >= 2 * boxes[$0].height
        }) { boxes[$0].height }
        let turned = inHalves(doubtful.map { boxes[$0].turned }) { box, engine in self.line(image, box, on: engine) }
        for (i, lines) in zip(doubtful, turned)
        where Self.meanConfidence(lines) >= Self.settledConfidence && Self.evidence(lines) > Self.evidence(result[i].lines) {
            result[i] = (boxes[i].turned, lines)
        }
        return result
    }

    /// `read` of every box, in order: on two engines at once (half the boxes each) when a spare one is there and
    /// there are `splitFrom` boxes or more.
    private func inHalves<T>(_ boxes: [LineBox], splitFrom: Int = 4, _ read: @escaping (LineBox, TesseractEngine) -> T) -> [T] {
        guard let spare, boxes.count >= splitFrom else { return boxes.map { read($0, engine) } }
        let half = boxes.count / 2
        let first = Array(boxes[..<half]), second = Array(boxes[half...])
        let (a, b) = bothAtOnce({ first.map { read($0, self.engine) } }, { second.map { read($0, spare) } })
        return a + b
    }

    /// One box cut out, levelled, scaled and read as a single line; its words in the source image's pixels.
    func line(_ image: GrayImage, _ box: LineBox, on engine: TesseractEngine? = nil,
              sharpened: (sigma: Double, amount: Double)? = nil) -> [TextReader.Line] {
        let (cut, toSource) = Self.crop(image, box)
        // Light falling off along the line (a shadow, a lamp to one side) is evened out first: tesseract
        // thresholds the crop at one level, and the dark end's paper would pass for print (`levelledAlong`).
        var crop = cut.levelledAlong()
        if let sharpened { crop = crop.unsharpMasked(sigma: sharpened.sigma, amount: sharpened.amount) }
        if let folder = traces.textImagesFolder {
            try? crop.writePNG(to: "\(folder)/ocr-\(ProcessInfo.processInfo.processIdentifier)-\(TextReader.traceCount.next())-line.png")
        }
        let lines = recognise(crop, on: engine ?? self.engine).map(\.caseMended)
        func quad(_ b: (left: Int, top: Int, right: Int, bottom: Int)) -> Quad {
            let corners = [(b.left, b.top), (b.right, b.top), (b.right, b.bottom), (b.left, b.bottom)]
            return Quad(corners.map { c in
                let p = toSource(Double(c.0), Double(c.1))
                return Point(x: Int(p.x.rounded()), y: Int(p.y.rounded()))
            })
        }
        return lines.map { read in
            TextReader.Line(text: read.text, confidence: read.confidence, bounds: quad(read.box),
                            words: read.words.map { TextReader.Word(text: $0.text, confidence: $0.confidence, bounds: quad($0.box)) },
                            choices: read.choices)
        }
    }

    /// One upright line crop read by the first reader, and by the second when the first is unsure of it
    /// (`LineReaders`); the reading with more surely read print kept.
    func recognise(_ crop: GrayImage, on engine: TesseractEngine) -> [TesseractEngine.Line] {
        func tesseract() -> [TesseractEngine.Line] {
            let t0 = DispatchTime.now().uptimeNanoseconds
            defer { tally.add(tesseract: DispatchTime.now().uptimeNanoseconds - t0) }
            return engine.recognize(crop, layout: .singleLine, choices: true)
        }
        func learned() -> [TesseractEngine.Line]? {
            let t0 = DispatchTime.now().uptimeNanoseconds
            defer { tally.add(learned: DispatchTime.now().uptimeNanoseconds - t0) }
            guard let recogniser else { return nil }
            let reading: LineRecognizer.Reading
            do { reading = try recogniser.read(crop) } catch {
                RecogniserFailure.reportOnce(error)
                return nil
            }
            return reading.text.trimmingCharacters(in: .whitespaces).isEmpty ? [] : [Self.line(reading, height: crop.height)]
        }
        switch readers {
        case .tesseractOnly:
            return tesseract()
        case .learnedOnly:
            return learned() ?? tesseract()
        case .learnedFirst:
            guard let first = learned() else { return tesseract() }
            if Self.meanConfidence(first) >= readers.sure { return first }
            let second = tesseract()
            return Self.evidence(second) > Self.evidence(first) ? second : first
        case .tesseractFirst:
            let first = tesseract()
            if Self.meanConfidence(first) >= readers.sure { return first }
            guard let second = learned() else { return first }
            return Self.evidence(second) > Self.evidence(first) ? second : first
        case .numbersLearned:
            let first = tesseract()
            let digits = first.reduce(0) { $0 + $1.text.filter(\.isNumber).count }
            if digits < Self.digitsForTheLearnedReader && Self.meanConfidence(first) >= readers.sure { return first }
            guard let second = learned() else { return first }
            if digits >= Self.digitsForTheLearnedReader && Self.meanConfidence(second) >= LineReaders.learnedFirst.sure { return second }
            return Self.evidence(second) > Self.evidence(first) ? second : first
        }
    }

    /// `LineReaders.numbersLearned`: a line tesseract read with this many digits is PP-OCR's first.
    static let digitsForTheLearnedReader = 2

    /// PP-OCR's reading as tesseract's line: words split at spaces, each boxed from its first character's place
    /// to its last's (a step's width either side), the line's full height.
    static func line(_ reading: LineRecognizer.Reading, height: Int) -> TesseractEngine.Line {
        var words: [[(text: String, left: Double, right: Double, choices: [CharacterChoice])]] = [[]]
        for c in reading.characters {
            if c.text == " " { if !(words.last!.isEmpty) { words.append([]) } } else { words[words.count - 1].append(c) }
        }
        words = words.filter { !$0.isEmpty }
        let step = reading.characters.first.map { $0.right - $0.left } ?? 0
        func box(_ l: Double, _ r: Double) -> (left: Int, top: Int, right: Int, bottom: Int) {
            (Int(max(0, l - step)), 0, Int((r + step).rounded(.up)), height)
        }
        let lineWords = words.map { w in
            (text: w.map(\.text).joined(), confidence: w.map { $0.choices.first?.confidence ?? 0 }.reduce(0, +) / Double(w.count),
             box: box(w.first!.left, w.last!.right))
        }
        var line = TesseractEngine.Line(text: lineWords.map(\.text).joined(separator: " "), confidence: reading.confidence,
                                        box: box(words.first?.first?.left ?? 0, words.last?.last?.right ?? 0),
                                        words: lineWords)
        line.choices = words.map { $0.map(\.choices) }
        return line
    }

    /// The box (with `endMargin` at each end) resampled upright, its height `cropHeight`; and the mapping from the
    /// crop's pixels back to the source's. Shrinking averages (a 2x2 supersample) so thin strokes survive.
    static func crop(_ image: GrayImage, _ box: LineBox) -> (GrayImage, (Double, Double) -> PointD) {
        let scale = cropHeight / box.height
        let margin = endMargin * box.height
        let sourceLength = box.length + 2 * margin
        let width = max(8, min(4000, Int((sourceLength * scale).rounded())))
        let height = Int(cropHeight)
        let step = 1 / scale
        let u = box.along, n = box.down
        let start = box.point(along: -margin, down: 0)
        let supersample = step > 1.4
        var pixels = [UInt8](repeating: 255, count: width * height)
        image.pixels.withUnsafeBufferPointer { src in
            func at(_ x: Double, _ y: Double) -> Double {
                // Outside the photo: the nearest edge pixel (white would draw a false edge across dark print).
                let cx = min(max(x, 0), Double(image.width - 1)), cy = min(max(y, 0), Double(image.height - 1))
                let x0 = Int(cx), y0 = Int(cy)
                let x1 = min(x0 + 1, image.width - 1), y1 = min(y0 + 1, image.height - 1)
                let fx = cx - Double(x0), fy = cy - Double(y0)
                let s = image.stride
                let top = Double(src[y0 * s + x0]) * (1 - fx) + Double(src[y0 * s + x1]) * fx
                let bottom = Double(src[y1 * s + x0]) * (1 - fx) + Double(src[y1 * s + x1]) * fx
                return top * (1 - fy) + bottom * fy
            }
            for j in 0..<height {
                for i in 0..<width {
                    let a = (Double(i) + 0.5) * step, d = (Double(j) + 0.5) * step
                    let x = start.x + u.x * a + n.x * d, y = start.y + u.y * a + n.y * d
                    var value: Double
                    if supersample {
                        let q = step / 4
                        value = (at(x - q * (u.x + n.x), y - q * (u.y + n.y)) + at(x + q * (u.x - n.x), y + q * (u.y - n.y))
                            + at(x - q * (u.x - n.x), y - q * (u.y - n.y)) + at(x + q * (u.x + n.x), y + q * (u.y + n.y))) / 4
                    } else {
                        value = at(x, y)
                    }
                    pixels[j * width + i] = UInt8(max(0, min(255, value.rounded())))
                }
            }
        }
        let crop = try! GrayImage(width: width, height: height, pixels: pixels)
        return (crop, { x, y in
            let a = x * step, d = y * step
            return PointD(x: start.x + u.x * a + n.x * d, y: start.y + u.y * a + n.y * d)
        })
    }

    func trace(_ message: @autoclosure () -> String) {
        guard traces.textStages else { return }
        FileHandle.standardError.write(Data((message() + "\n").utf8))
    }
}

/// How many lines each reader read for one photo, and in how long: `--verbose` traces (never the text).
final class ReaderTally: @unchecked Sendable {
    private let lock = NSLock()
    private var learnedCalls = 0, learnedNs: UInt64 = 0, tesseractCalls = 0, tesseractNs: UInt64 = 0
    func add(learned ns: UInt64) { lock.withLock { learnedCalls += 1; learnedNs += ns } }
    func add(tesseract ns: UInt64) { lock.withLock { tesseractCalls += 1; tesseractNs += ns } }
    var summary: String {
        lock.withLock {
            "PP-OCR \(learnedCalls) lines in \(learnedNs / 1_000_000) ms, tesseract \(tesseractCalls) in \(tesseractNs / 1_000_000) ms"
        }
    }
}

