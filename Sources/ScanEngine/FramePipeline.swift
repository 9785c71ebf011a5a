import CardModel
import Decoding
import Foundation
import Imaging
import OCR
import Recognition

/// One frame, start to finish, for stills (`ScanEngine.scan`) and live frames (`LiveSession`) alike, so that a
/// photo gives the same items and suggestions whichever way it arrives:
///
///     frame ─┬─ decode barcodes (BarcodeReader) ──────────────────────────┬─ suggest (SuggestionBuilder)
///            └─ locate and read text: the detector's lines, or the layout ─┘
///               path (first); then, with the barcodes in view, the layout
///               path as well when the card asks (SecondReading) and the
///               rereads (RereadPlanner)
///
/// A still runs the whole of it on one thread pair (`read`); a camera session runs the barcode stage on every frame
/// it keeps up with and the text stage on the frames worth it, on threads of its own, and suggests from what it has
/// tracked: the stages are the same functions.
public struct FramePipeline: Sendable {
    /// "Today", for judging dates of birth.
    public let today: SimpleDate
    /// The items are a wristband's: its code is the patient ID.
    public let wristband: Bool
    /// The region the suggestions are built for (evidence on the card may refine it).
    public let region: RegionResolution
    /// The given-name lexicon names are held to (`TextModels.givenNames`).
    public let givenNames: GivenNames?

    public init(today: SimpleDate, wristband: Bool = false, region: RegionResolution?, givenNames: GivenNames?) {
        self.today = today; self.wristband = wristband
        self.region = region ?? RegionResolution(code: .gb, basis: .fallback)
        self.givenNames = givenNames
    }

    // MARK: Stages

    /// The text stage's reader, made the same way for every source (stills, imports, camera frames, uploads): the
    /// learned detector and recogniser where the models and the runtime are, tesseract beside them; throws when
    /// tesseract cannot start. `concurrentReads`: one frame has both cores (a still scanned alone): the network
    /// runs on two threads and a block is read both ways up at once; otherwise one thread (a worker among others,
    /// or a live session, whose barcode thread has the other core).
    public static func textReader(concurrentReads: Bool, models: TextModels) throws(TextReaderError) -> TextReader {
        try TextReader(concurrentReads: concurrentReads, lines: models.lines, readers: models.readers)
    }

    /// Decode: the frame's barcodes as items `b1`, `b2`…
    public static func barcodeItems(_ found: [Barcode]) -> [RecognizedItem] {
        found.enumerated().map { RecognizedItem(barcode: $1, id: "b\($0 + 1)") }
    }

    /// Locate and read: the frame's text items (`t1`, `t2`…). The first reading is the detector's lines read one by
    /// one (`TextReader.readLines`), or without a detector (or when it finds no line) tesseract's layout analysis
    /// (`readByLayout`). Then `barcodesInView` is asked for the frame's barcodes (a still waits for its barcode stage
    /// here; a session takes what it tracks): when the lines were read unsurely or left a label without its value
    /// (`SecondReading`, judged with the barcodes and the suggestions they make), the layout path is read as well,
    /// both readings kept (`TextReader.combined`); then the lines worth a closer look (`RereadPlanner`) are read again.
    public func textItems(of image: GrayImage, reader: TextReader,
                          barcodesInView: () -> [RecognizedItem]) -> [RecognizedItem] {
        let first = reader.readLines(image)
        let byLines = first != nil
        let reading = first ?? reader.readByLayout(image)
        let barcodes = barcodesInView()
        var lines = Self.items(reading.lines)
        var suggestions = suggest(barcodes + lines).suggestions
        if byLines, SecondReading.wanted(items: barcodes + lines, suggestions: suggestions, sureText: reader.sureText) {
            if reader.tracing {
                let unread = SecondReading.unreadLabels(text: lines, suggestions: suggestions).map(\.rawValue)
                let confidence = (SecondReading.confidence(lines) * 100).rounded() / 100
                FileHandle.standardError.write(Data("ocr second way: confidence \(confidence), labels without values \(unread)\n".utf8))
            }
            lines = Self.items(TextReader.combined(reading, reader.readByLayout(image, readingAlong: reading.readingDegrees)).lines)
            suggestions = suggest(barcodes + lines).suggestions
        }
        let reread = Self.rereadItems(of: image, items: barcodes + lines, suggestions: suggestions, reader: reader)
        if reread.isEmpty {
            return Self.namesWithTheirMarks(lines, of: image, suggestions: suggestions, reader: reader)
        }
        let all = lines + reread
        return Self.namesWithTheirMarks(all, of: image, suggestions: suggest(barcodes + all).suggestions, reader: reader)
    }

    /// At most this many name readings a frame are read again by tesseract for their marks (`namesWithTheirMarks`).
    static let namesMarked = 2
    /// Line heights tesseract's crop of a name line runs on past the line's end: the detector's box can stop short
    /// of a line's last letter (`Rajesh BROW` in the box of a band's `Rajesh BROWN`).
    static let nameLineRunOn = 0.6
    /// And at most this many lines holding a word of a name, besides those it was read from.
    static let linesPerName = 2

    /// Where PP-OCR's recogniser read first, the lines of the frame's valid name readings (the surest
    /// `namesMarked`: the lines each was read from, and up to `linesPerName` others holding a word of it) are read
    /// again by tesseract, and a word whose accents or apostrophe the recogniser left out is
    /// spelt as tesseract read it (`LatinMarks`: `Sinead` -> `Sinéad`, `DELLANNO` -> `DELL'ANNO`), and so is a last
    /// word whose last letter the recogniser lost, where tesseract read the line surely (`CutLastLetter`), and a
    /// letter tesseract read as the recogniser's own second choice there (`RunnerUpLetter`). The recogniser
    /// reads a name's letters better; tesseract's English model reads their marks. A line a name was read from costs
    /// tesseract one line crop (~15-25 ms here); a mended line loses its character alternatives (they were the
    /// recogniser's, for other letters).
    static func namesWithTheirMarks(_ items: [RecognizedItem], of image: GrayImage, suggestions: [Suggestion],
                                    reader: TextReader) -> [RecognizedItem] {
        guard reader.learnedReadsFirst else { return items }
        let names = suggestions.filter { $0.type == .name && $0.valid }.sorted { $0.confidence > $1.confidence }.prefix(namesMarked)
        // The lines the name was read from, and the other lines holding a word of it: a name joined from two lines
        // (`Campbell` under a `Sinead` line) may name only one of them as its source.
        func words(_ text: String) -> Set<String> {
            Set(text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init).filter { $0.count >= 3 })
        }
        let ids = names.flatMap { name in
            name.from + items.filter { $0.kind == .text && !name.from.contains($0.id) && !words($0.text).isDisjoint(with: words(name.value)) }.map(\.id).prefix(linesPerName)
        }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let nameWords = Set(names.flatMap { $0.value.split(separator: " ").map { LatinMarks.folded(String($0)) } })
        var items = items
        for id in ids {
            guard let i = items.firstIndex(where: { $0.id == id && $0.kind == .text }),
                  items[i].text.contains(where: \.isLetter) else { continue }
            let lines = reader.readByOtherReader(image, line: items[i].bounds, runOn: nameLineRunOn)
            let other = lines.map(\.text).joined(separator: " ")
            let sure = lines.map(\.confidence).min() ?? 0
            guard let mended = LatinMarks.mended(items[i].text, by: other)
                ?? CutLastLetter.mended(items[i].text, by: other, confidence: sure)
                ?? RunnerUpLetter.mended(items[i].text, choices: items[i].choices, by: other, nameWords: nameWords) else { continue }
            items[i].text = mended
            items[i].choices = nil
        }
        return items
    }

    /// Suggest: what the items make, ranked, with the region the card's evidence refined.
    public func suggest(_ items: [RecognizedItem]) -> SuggestionBuilder.Output {
        SuggestionBuilder(today: today, wristband: wristband, givenNames: givenNames).build(items: items, region: region)
    }

    // MARK: A still, whole

    /// A still frame through every stage: barcodes and the first text reading side by side when `parallel` (a card's
    /// latency is then the slower of the two, not their sum), then the text completed with the barcodes in view,
    /// then the suggestions. `text` nil: barcodes only.
    public func read(_ image: GrayImage, source: String, barcodes: BarcodeReader, text: TextReader?,
                     parallel: Bool) -> ScanResult {
        func decode() -> (items: [RecognizedItem], ms: Double) {
            let start = DispatchTime.now()
            let items = Self.barcodeItems(barcodes.read(image))
            return (items, Self.milliseconds(from: start, to: DispatchTime.now()))
        }
        var decoded: (items: [RecognizedItem], ms: Double)
        var read: [RecognizedItem] = []
        var ocrMs: Double?
        if let text {
            // The barcode stage runs beside the text's first reading; the text waits for it only to complete.
            let job = parallel ? InBackground(decode) : nil
            var inline: (items: [RecognizedItem], ms: Double)?
            let start = DispatchTime.now()
            var waited = 0.0
            read = textItems(of: image, reader: text) {
                let wait = DispatchTime.now()
                let result = job?.value ?? decode()
                if job == nil { inline = result }
                waited = Self.milliseconds(from: wait, to: DispatchTime.now())
                return result.items
            }
            ocrMs = Self.milliseconds(from: start, to: DispatchTime.now()) - waited
            decoded = job?.value ?? inline!
        } else {
            decoded = decode()
        }
        let items = decoded.items + read
        let suggestStart = DispatchTime.now()
        let built = suggest(items)
        return ScanResult(source: source, image: .init(width: image.width, height: image.height),
                          region: built.region, items: items, suggestions: built.suggestions,
                          timings: .init(barcodeMs: decoded.ms, ocrMs: ocrMs,
                                         suggestMs: Self.milliseconds(from: suggestStart, to: DispatchTime.now()),
                                         detectorMs: text.flatMap { $0.hasLineDetector ? $0.lastDetectorMs : nil }))
    }

    // MARK: Helpers

    /// The first reading's lines as items `t1`, `t2`…
    static func items(_ lines: [TextReader.Line]) -> [RecognizedItem] {
        lines.enumerated().map { index, line in item(line, number: index + 1) }
    }

    /// Text item `t<number>` for a line, its confidence to two places.
    private static func item(_ line: TextReader.Line, number: Int) -> RecognizedItem {
        var item = RecognizedItem(id: "t\(number)", kind: .text, text: line.text, bounds: line.bounds,
                                  confidence: (line.confidence * 100).rounded() / 100)
        if !line.choices.isEmpty { item.choices = line.choices }
        return item
    }

    /// Lines read again where `items` (text and barcodes of the same frame), with the `suggestions` already built
    /// from them, leave a label without its value; numbered on from the text items already there. Empty when
    /// nothing needs a second look.
    static func rereadItems(of image: GrayImage, items: [RecognizedItem], suggestions: [Suggestion],
                            reader: TextReader) -> [RecognizedItem] {
        let first = items.filter { $0.kind == .text }.count + 1
        let lines = RereadPlanner.plan(items: items, suggestions: suggestions).flatMap { planned -> [TextReader.Line] in
            guard let bounds = items.first(where: { $0.id == planned.id })?.bounds else { return [] }
            return planned.looks.flatMap { look -> [TextReader.Line] in
                switch look {
                case .otherReader: reader.readByOtherReader(image, line: bounds)
                case .closer: reader.reread(image, line: bounds)
                }
            }
        }
        return lines.enumerated().map { offset, line in item(line, number: first + offset) }
    }

    static func milliseconds(from a: DispatchTime, to b: DispatchTime) -> Double {
        (Double(b.uptimeNanoseconds - a.uptimeNanoseconds) / 1e4).rounded() / 100
    }
}
