import CardModel
import Foundation
import Decoding
import Imaging
import OCR
import Recognition

/// How a frame's text is read, for stills (`ScanEngine.scan`) and live frames (`LiveSession`) alike, so that a
/// photo gives the same lines whichever way it arrives:
/// 1. `first`: the learned detector's lines, read one by one (`TextReader.readLines`); without a detector (or
///    when it finds no line), tesseract's layout analysis (`readByLayout`);
/// 2. `completed`: when the lines were read unsurely or left a label without its value (`SecondReading`), the
///    layout path as well, both readings kept (`TextReader.combined`); then the lines worth a closer look
///    (`RereadPlanner`: a label read without a valid value of its kind on the card) read again.
enum CardTextReading {
    /// A frame's first reading, and whether it came from the detector's lines (and so may want a second way).
    struct First {
        let reading: TextReader.Reading
        let byLines: Bool
    }

    static func first(of image: GrayImage, reader: TextReader) -> First {
        if let lines = reader.readLines(image) { return First(reading: lines, byLines: true) }
        return First(reading: reader.readByLayout(image), byLines: false)
    }

    /// The frame's text items (`t1`, `t2`…): the first reading, read the second way when `SecondReading` asks
    /// (judged with the frame's `barcodes` and the suggestions `build` makes), and the rereads.
    static func completed(_ first: First, of image: GrayImage, reader: TextReader, barcodes: [RecognizedItem],
                          build: ([RecognizedItem]) -> [Suggestion]) -> [RecognizedItem] {
        var lines = items(first.reading.lines)
        var suggestions = build(barcodes + lines)
        if first.byLines, SecondReading.wanted(items: barcodes + lines, suggestions: suggestions) {
            if reader.tracing {
                let unread = SecondReading.unreadLabels(text: lines, suggestions: suggestions).map(\.rawValue)
                let confidence = (SecondReading.confidence(lines) * 100).rounded() / 100
                FileHandle.standardError.write(Data("ocr second way: confidence \(confidence), labels without values \(unread)\n".utf8))
            }
            lines = items(TextReader.combined(first.reading, reader.readByLayout(image)).lines)
            suggestions = build(barcodes + lines)
        }
        return lines + rereadItems(of: image, items: barcodes + lines, suggestions: suggestions, reader: reader)
    }

    /// The first reading's lines as items `t1`, `t2`…
    static func items(_ lines: [TextReader.Line]) -> [RecognizedItem] {
        lines.enumerated().map { index, line in item(line, number: index + 1) }
    }

    /// Text item `t<number>` for a line, its confidence to two places.
    private static func item(_ line: TextReader.Line, number: Int) -> RecognizedItem {
        RecognizedItem(id: "t\(number)", kind: .text, text: line.text, bounds: line.bounds,
                       confidence: (line.confidence * 100).rounded() / 100)
    }

    /// Lines read again where `items` (text and barcodes of the same frame), with the `suggestions` already built
    /// from them, leave a label without its value; numbered on from the text items already there. Empty when
    /// nothing needs a second look.
    static func rereadItems(of image: GrayImage, items: [RecognizedItem], suggestions: [Suggestion],
                            reader: TextReader) -> [RecognizedItem] {
        let first = items.filter { $0.kind == .text }.count + 1
        let lines = RereadPlanner.lines(items: items, suggestions: suggestions).flatMap { id -> [TextReader.Line] in
            guard let bounds = items.first(where: { $0.id == id })?.bounds else { return [] }
            return reader.reread(image, line: bounds)
        }
        return lines.enumerated().map { offset, line in item(line, number: first + offset) }
    }
}
