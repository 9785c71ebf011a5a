import CardModel
import Imaging

/// The dark strokes of a photo that could be letters or digits, found without reading anything: a black
/// top-hat (closing minus image) keeps marks narrower than its window that are darker than what surrounds them,
/// whatever the light or the background, and drops the large shapes (desk, card edges, shadows) around them.
/// Each connected mark comes back as a box; `TextLayout` finds the text's direction and extent from them.
public struct TextMark: Sendable, Equatable {
    public let x: Int, y: Int, width: Int, height: Int
    public var centreX: Double { Double(x) + Double(width) / 2 }
    public var centreY: Double { Double(y) + Double(height) / 2 }
    public var size: Int { Swift.max(width, height) }
}

extension GrayImage {
    /// Letter-sized dark marks. `window` must exceed the stroke width of the largest text that matters
    /// (21 px holds 40-px print at a working size of 1280 px); `sizes` bounds a mark's longer side.
    /// The corresponding C functions are `pixTophat` (`topHats` gives its pixels) and `pixConnCompBB`.
    public func textMarks(window: Int = 21, sizes: ClosedRange<Int> = 5...70) -> [TextMark] {
        // Light print on a dark or coloured card (a bank card's name, white text on a loyalty card's red) has no
        // dark strokes of its own: the white top-hat finds it, each polarity with its own threshold.
        let (black, white) = topHats(window: window)
        return marks(in: black, sizes: sizes) + marks(in: white, sizes: sizes)
    }

    /// The marks of one top-hat (`contrast`, this image's size, packed).
    private func marks(in contrast: [UInt8], sizes: ClosedRange<Int>) -> [TextMark] {
        // A mark is a stroke clearly darker than its surroundings: half the contrast of the strongest 2% of
        // pixels (the print), never less than a faint 25 levels (noise and texture stay below it).
        var histogram = [Int](repeating: 0, count: 256)
        for value in contrast { histogram[Int(value)] += 1 }
        var strongest = 255, count = 0
        let topShare = contrast.count / 50
        while strongest > 0, count + histogram[strongest] < topShare { count += histogram[strongest]; strongest -= 1 }
        let threshold = Swift.max(25, strongest / 2)
        guard let hat = try? GrayImage(width: width, height: height, pixels: contrast) else { return [] }
        var marks: [TextMark] = []
        for box in hat.componentBoxes(atLeast: threshold) {
            let mark = TextMark(x: box.x, y: box.y, width: box.width, height: box.height)
            if sizes.contains(mark.size), box.width * box.height >= 10 { marks.append(mark) }
        }
        return marks
    }
}
