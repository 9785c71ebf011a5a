import CardModel
import Foundation
import Imaging
import Inference
import Locating

/// Card text, wherever it is: the one entry point for OCR. Photographed cards come turned (any right angle),
/// tilted (±15°), noisy and at any size; `read` levels and uprights the image before tesseract sees it, and gives
/// every line's bounds back in the source image's pixels.
///
/// One reader per thread (it owns a tesseract engine); make one per worker for parallel work.
public final class TextReader {
    let engine: TesseractEngine
    /// What to write on stderr: each stage's time and the orientation and skew estimates (never the text), and in
    /// development the images tesseract is given. Default: nothing.
    public var traces = Traces()

    /// Whether stage traces are written (`--verbose`, or `CARDSCAN_TRACE_OCR=1`).
    public var tracing: Bool { traces.textStages }

    /// A second engine for reading a block both ways up at once (`concurrentReads`); nil otherwise.
    let spare: SpareEngine?

    /// `concurrentReads`: when a block may need reading both ways up, read the two on two threads (a second
    /// tesseract engine, made in the background, about 0.1 s and 40 MB), and look for a motion smear while the
    /// first reading runs. The result is the same either way;
    /// what changes is the latency of one card when a core is free. Leave it off where every core is busy
    /// already (batch workers, live sessions): there it only adds the reads it would have skipped.
    ///
    /// `lines`: the learned text-line detector's model (nil reads by tesseract's layout analysis alone), and
    /// `readers` which reader reads a line first: handed in by the pipeline (`FramePipeline.textReader`), as the
    /// front end was told. With `concurrentReads` too, the lines are read on two engines.
    public init(concurrentReads: Bool = false, lines model: TextLineModel?, readers: LineReaders) throws(TextReaderError) {
        engine = try TesseractEngine()
        spare = concurrentReads ? SpareEngine() : nil
        self.readers = readers
        if let model, readers.usesLearned {
            do throws(InferenceError) {
                recogniser = try LineRecognizer(folder: model.folder, threads: concurrentReads ? 2 : 1, runtime: model.runtime)
            } catch {
                recogniserProblem = error
                RecogniserFailure.reportOnce(error)
            }
        }
        if let model {
            do throws(TextLineModelError) {
                // The network's threads follow `concurrentReads`: when one card is read at a time, two (the other
                // core has only the barcode stage, which ends early; the layout path runs after the lines, not
                // beside them). cards-dev2, every fourth photo, `cardscan-bench ocr`: the network's median 1016 ->
                // 658 ms a card, end to end 1585 -> 1117 ms. Where every core is busy already (batch workers, live
                // sessions), one: a second thread there only queues behind the other worker.
                detector = try TextLineDetector(model: model, threads: concurrentReads ? 2 : 1)
            } catch {
                detector = nil
                detectorProblem = error
            }
        } else {
            detector = nil
        }
    }

    /// Why PP-OCR's recogniser beside `model` cannot be used (its file missing, or holding no character list);
    /// nil when it looks usable. Checked without compiling the network (the CLI asks before every run that reads
    /// text, and the readers compile it anyway); the runtime itself was checked by loading the detector.
    public static func recogniserProblem(model: TextLineModel) -> String? {
        LineRecognizer.problem(folder: model.folder).map { "text recogniser: \($0)" }
    }

    /// PP-OCR's line recogniser; nil when tesseract reads alone (`recogniserProblem` says why, when it was wanted).
    var recogniser: LineRecognizer?
    public private(set) var recogniserProblem: InferenceError?
    public let readers: LineReaders

    /// The confidence of a frame's lines under which they are read a second way (`SecondReading`): tesseract's 0.8,
    /// or 0.9 where PP-OCR's recogniser reads first (it is surer of the same print).
    public var sureText: Double { learnedReadsFirst ? 0.9 : 0.8 }

    /// Whether PP-OCR's recogniser reads each line first (its model and the runtime are there, and the readers ask
    /// for it): tesseract then reads only where it is unsure, and a name's marks (`LatinMarks`).
    public var learnedReadsFirst: Bool { recogniser != nil && readers.learnedFirst }

    /// The learned text-line detector; nil when no model was configured or it could not be loaded
    /// (`detectorProblem` says why), and then text is found by tesseract's layout analysis.
    private let detector: TextLineDetector?
    public private(set) var detectorProblem: TextLineModelError?
    /// Whether the detector's model is loaded (text is found both ways).
    public var hasLineDetector: Bool { detector != nil }
    /// Milliseconds the detector's network took on the last image read (0 without a detector).
    public private(set) var lastDetectorMs = 0.0

    /// The detector's lines read one by one (`DetectedLineReading`); nil when there is no detector, it failed
    /// (`detectorProblem`), or it found no line.
    func readDetectedLines(_ image: GrayImage) -> Reading? {
        guard let detector else { return nil }
        let start = Date()
        do throws(TextLineModelError) {
            let found = try TextLineFinder(detector: detector).find(image)
            let (lines, networkMs) = (found.lines, found.networkMs)
            lastDetectorMs = networkMs
            if traces.textStages {
                for note in found.notes { FileHandle.standardError.write(Data("ocr lines \(note)\n".utf8)) }
                FileHandle.standardError.write(Data("ocr stage line-detector \(Int(Date().timeIntervalSince(start) * 1000)) ms (network \(Int(networkMs)) ms), \(lines.count) boxes\n".utf8))
            }
            var reading = DetectedLineReading(engine: engine)
            reading.spare = spare?.engine
            reading.recogniser = recogniser
            reading.readers = recogniser == nil ? .tesseractOnly : readers
            reading.traces = traces
            reading.unsmeared = { self.unsmeared(image) }
            return reading.read(image, detected: lines)
        } catch {
            detectorProblem = error
            return nil
        }
    }

    /// `image` with its motion smear undone, at the working size, and that copy's scale; nil when no smear long
    /// enough to matter is found (`MotionBlur.shortest`). Measured and undone as the layout path does (below).
    func unsmeared(_ image: GrayImage) -> (image: GrayImage, scale: Double)? {
        let start = Date()
        let longSide = Double(max(image.width, image.height))
        let scale = min(1, Self.workingLongSide / longSide)
        let working = scale < 1 ? image.scaled(by: scale) : image
        guard let blur = working.motionBlur(), blur.length >= MotionBlur.shortest else { return nil }
        let sharpened = working.deblurred(blur)
        if traces.textStages {
            FileHandle.standardError.write(Data("ocr lines smear \(Int(blur.length)) px undone in \(Int(Date().timeIntervalSince(start) * 1000)) ms\n".utf8))
        }
        return (sharpened, Double(working.width) / Double(image.width))
    }

    /// A recognised line of text.
    public struct Line: Sendable {
        public let text: String
        /// 0…1, tesseract's confidence for the line.
        public let confidence: Double
        public let bounds: Quad
        public let words: [Word]
        /// For a line read alone: per word, per character, what the recogniser weighed, best first.
        public var choices: [[[CharacterChoice]]] = []
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
        /// The letter-sized marks the text was found by spread over (nearly) the whole frame: nothing set the print
        /// apart from its surroundings, and the block read holds the desk too (`marksCoverFrameShare`).
        var marksCoverFrame = false
        /// The direction the print reads along, in degrees from the image's x axis (clockwise as seen, y down), when
        /// the reading settled which way up it is (the detector's lines: `DetectedLineReading.knownWayUpShare`);
        /// nil when it did not, or the photo's print reads both ways. The layout path then reads only that way up.
        public internal(set) var readingDegrees: Double?
    }

    /// Text height tesseract reads best at is roughly 20–40 px: work on images of about this long side.
    static let workingLongSide = 1280.0
    static let smallLongSide = 800.0
    /// Letter marks under this many pixels tall are grown towards it (by at most `largestGrowth`, and to at most
    /// `largestBlockPixels`): at 15 px tesseract drops digits it reads at 24.
    static let smallPrint = 24.0
    static let largestGrowth = 2.5
    static let largestBlockPixels = 2_000_000.0
    /// A first reading scoring this much (`quality`: three card words, or more words cased as words) is taken as
    /// the right way up without reading the other way.
    static let convincingQuality = 9.0
    /// A reading that does not convince (`quality` under this) is read again with the block's background
    /// flattened. Shadowed cards read 0-2 unflattened, but a card whose lit half reads well scored 6.5 and lost
    /// the name in its shadow: at 6 that card was lost, at 4 a third of the names were. Over cards-dev's 120 photos
    /// this asks for 34 more passes (about 8% of its tesseract time; 25 at 6). Uneven blocks
    /// (`hasUnevenBackground`) are read flattened too, however well they read: on cards-dev a card on a wood desk
    /// lost its light grey `JY 298633 B` at quality 13.6 and a card on a dark cloth lost its NHS number at 12.6;
    /// that adds 22 passes (about 5% more tesseract time) and read NHS +1, JY +1, names +1, hospital numbers +1
    /// (the same at ratios 0.4-0.6; flattening every block instead read the same plus one NHS number and minus
    /// another, for 86 passes more).
    static let flattenBelowQuality = convincingQuality
    /// Readings of a block both ways up that both score under this (`quality`: a card word, or a few words cased as
    /// words) leave its way up unknown.
    static let settlingQuality = 3.0
    /// A reading along a direction the marks barely support (`TextLayout.alternatives`, `weak`) must score this
    /// to replace the chosen direction's: twice what settles a way up. Set between the two cases seen, so a
    /// guess: the junk that took cards-dev 0043's dim remake off its lines scored 3.9; the right reading of 0007's
    /// keystoned remake 7.8 (at `convincingQuality`, 9, that card lost its name); 0015 at phone size 13.6.
    static let weakDirectionQuality = 2 * settlingQuality
    /// A text block (`TextLayout.textBox`, along the lines' direction) covering this share of the frame was not told
    /// apart from its surroundings: a coarse desk (cork, carpet, granite) gives letter-sized marks all over, and
    /// the block read is the frame. Such a photo's paper is read too (`paperMasks`), however well the frame
    /// read: tesseract reads the card's lines among the grain's junk as a convincing score, yet drops the lines
    /// it took for part of a picture (a card's right-hand column of values) and misreads lines that run at an
    /// angle the desk's marks did not share. On cards-dev's photos the block is at most 0.81 of the frame.
    static let marksCoverFrameShare = 0.9
    /// Lines layout analysis read at this confidence are not read again in sparse mode.
    static let settledLineConfidence = 0.85

    /// Reads the text of a photo: levelled and uprighted (`readLevelled`). A photo smeared by motion (a hand
    /// still moving the card) is read again with the smear undone: smears are common on handheld photos and
    /// webcam frames, no binarisation or scale recovers them, and deconvolution does once the smear's direction
    /// and length are known. Both readings' lines are kept, the one with more real text first (`quality`): the
    /// estimate can be wrong (print and JPEG blocks have structure of their own), a field one reading drops the
    /// other may hold, and validation chooses among the values.
    ///
    /// The photo as it is is always read: skipping it when the deblurred reading scored well lost 2-6 of each
    /// receipt field (on a long scan any reading scores well, and a false smear's reading is worse).
    ///
    /// Text found both ways, always, both readings' lines kept, the one with more real text first: the learned
    /// detector's lines, each read on its own (`readLines`), and tesseract's layout analysis of the block the
    /// letter marks outline, with its rescue passes (`readByLayout`). Without the model, the layout path alone.
    /// Scans do not call this: they read the lines first and the layout path only when the card asks for it
    /// (`FramePipeline.textItems`, `SecondReading`), which needs the suggestions made above this module.
    public func read(_ image: GrayImage) -> Reading {
        guard detector != nil else { return readByLayout(image) }
        let lines = readDetectedLines(image), layout = readByLayout(image)
        guard let lines else { return layout }
        let linesQuality = Self.quality(lines.lines), layoutQuality = Self.quality(layout.lines)
        if traces.textStages {
            FileHandle.standardError.write(Data("ocr quality: detected lines \(linesQuality), layout \(layoutQuality)\n".utf8))
        }
        return Self.combined(lines, linesQuality, layout, layoutQuality)
    }

    /// The detector's lines alone, read one by one: the first reading of a photo (`FramePipeline.textItems`), completed by
    /// `readByLayout` when `SecondReading` asks. nil without a detector, or when it found no line.
    public func readLines(_ image: GrayImage) -> Reading? {
        readDetectedLines(image)
    }

    /// Numbers the images written to `Traces.textImagesFolder`, in the order tesseract is given them.
    static let traceCount = TraceCounter()
}

/// A line of text, as one pass of tesseract gives it or as `read` returns it.
protocol HasText { var text: String { get }; var confidence: Double { get } }
extension TesseractEngine.Line: HasText {}
extension TextReader.Line: HasText {
    /// The same line with its bounds (and its words') multiplied by `factor`.
    func scaled(by factor: Double) -> TextReader.Line {
        func scaled(_ quad: Quad) -> Quad {
            Quad(quad.points.map { Point(x: Int((Double($0.x) * factor).rounded()), y: Int((Double($0.y) * factor).rounded())) })
        }
        return TextReader.Line(text: text, confidence: confidence, bounds: scaled(bounds),
                               words: words.map { TextReader.Word(text: $0.text, confidence: $0.confidence, bounds: scaled($0.bounds)) },
                               choices: choices)
    }
}

/// Numbers the images `CARDSCAN_TRACE_OCR_DIR` writes, in the order tesseract is given them (across threads).
final class TraceCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int { lock.withLock { count += 1; return count } }
}
