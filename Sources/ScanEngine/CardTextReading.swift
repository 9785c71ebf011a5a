import CardModel
import Decoding
import Imaging
import Recognition

/// How a frame's text is read, for stills (`ScanEngine.scan`) and live frames (`LiveSession`) alike, so that a
/// photo gives the same lines whichever way it arrives: `TextReader.read`, then the lines worth a closer look
/// (`RereadPlanner`: a label read without a valid value of its kind on the card) read again.
enum CardTextReading {
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
