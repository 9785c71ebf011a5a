import CTesseract
import CardModel
import Imaging

/// One tesseract engine with the English model loaded (about 0.1 s to create: make one per worker and reuse it).
/// Owns its `TessBaseAPI*`; one thread at a time.
///
/// tesseract here is built with OpenMP, which reads `OMP_THREAD_LIMIT` when the library loads: the process must
/// start with it set to 1 (the CLI re-executes itself to make sure; LIBRARY-NOTES.md), and parallelism comes from
/// several engines instead.
final class TesseractEngine {
    private let api: OpaquePointer

    enum PageLayout: Int32 {
        /// Tesseract's own layout analysis (PSM_AUTO).
        case automatic = 3
        /// As much text as possible in no particular order (PSM_SPARSE_TEXT): finds text on patterned card
        /// backgrounds where automatic layout finds none.
        case sparse = 11
        /// One uniform block of text (PSM_SINGLE_BLOCK): a label and the value beside or below it, read again.
        case block = 6
        /// One line of text (PSM_SINGLE_LINE): a line the text-line detector found, cut out and levelled.
        case singleLine = 7
    }

    /// The corresponding C functions are `TessBaseAPICreate` and `TessBaseAPIInit3`.
    init() throws(TextReaderError) {
        guard let api = TessBaseAPICreate() else { throw .engineUnavailable("tesseract could not be created") }
        // A failed Init3 still needs TessBaseAPIDelete (tesseract/capi.h: the handle is always the caller's).
        guard TessBaseAPIInit3(api, nil, "eng") == 0 else {
            TessBaseAPIDelete(api)
            throw .engineUnavailable("tesseract could not load its English model (eng.traineddata); install tesseract-ocr-eng")
        }
        self.api = api
        // Tesseract writes diagnostics ("Detected 23 diacritics") to stderr; cardscan reports its own errors.
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    struct Line {
        let text: String
        let confidence: Double
        let box: (left: Int, top: Int, right: Int, bottom: Int)
        let words: [(text: String, confidence: Double, box: (left: Int, top: Int, right: Int, bottom: Int))]
        /// With `choices`: per word, per character, what the recogniser weighed there, best first.
        var choices: [[[CharacterChoice]]] = []
    }

    /// Recognises the text of an upright image. The corresponding C function is `TessBaseAPIRecognize`.
    /// `choices`: also keep each character's alternatives (tesseract's `lstm_choice_mode` 2, which leaves the
    /// reading itself as it was and cost no measurable time on a line).
    func recognize(_ image: GrayImage, layout: PageLayout, choices: Bool = false) -> [Line] {
        TessBaseAPISetPageSegMode(api, TessPageSegMode(rawValue: UInt32(layout.rawValue)))
        if choices { _ = TessBaseAPISetVariable(api, "lstm_choice_mode", "2") }
        defer { if choices { _ = TessBaseAPISetVariable(api, "lstm_choice_mode", "0") } }
        return image.pixels.withUnsafeBufferPointer { buffer -> [Line] in
            TessBaseAPISetImage(api, buffer.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.stride))
            TessBaseAPISetSourceResolution(api, 300)
            defer { TessBaseAPIClear(api) }
            guard TessBaseAPIRecognize(api, nil) == 0, let iterator = TessBaseAPIGetIterator(api) else { return [] }
            defer { TessResultIteratorDelete(iterator) }
            var read = Self.lines(iterator)
            if choices, read.count == 1 {
                // A fresh iterator: the one above has run to the end.
                if let again = TessBaseAPIGetIterator(api) {
                    defer { TessResultIteratorDelete(again) }
                    read[0].choices = Self.choices(again)
                }
            }
            return read
        }
    }

    /// Per word, per character: the character read, then the alternatives tesseract's recogniser weighed, each with
    /// its confidence (0…1). The corresponding C functions are `TessResultIteratorGetChoiceIterator` and its kin.
    private static func choices(_ it: OpaquePointer) -> [[[CharacterChoice]]] {
        let page = TessResultIteratorGetPageIterator(it)
        var words: [[[CharacterChoice]]] = []
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_WORD) != 0 || words.isEmpty { words.append([]) }
            // The character as read first (the alternatives' own order can differ from the reading: a printed `S`
            // read `8` listed `S` first), then the others.
            var alternatives: [CharacterChoice] = []
            if let c = TessResultIteratorGetUTF8Text(it, RIL_SYMBOL) {
                defer { TessDeleteText(c) }
                alternatives.append(CharacterChoice(text: String(cString: c), confidence: Double(TessResultIteratorConfidence(it, RIL_SYMBOL)) / 100))
            }
            if let choice = TessResultIteratorGetChoiceIterator(it) {
                defer { TessChoiceIteratorDelete(choice) }
                repeat {
                    if let c = TessChoiceIteratorGetUTF8Text(choice), String(cString: c) != alternatives.first?.text {
                        alternatives.append(CharacterChoice(text: String(cString: c),
                                                            confidence: Double(TessChoiceIteratorConfidence(choice)) / 100))
                    }
                } while TessChoiceIteratorNext(choice) != 0
            }
            words[words.count - 1].append(alternatives)
        } while TessResultIteratorNext(it, RIL_SYMBOL) != 0
        return words
    }

    private static func lines(_ it: OpaquePointer) -> [Line] {
        let page = TessResultIteratorGetPageIterator(it)
        func box(_ level: TessPageIteratorLevel) -> (Int, Int, Int, Int) {
            var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
            _ = TessPageIteratorBoundingBox(page, level, &l, &t, &r, &b)
            return (Int(l), Int(t), Int(r), Int(b))
        }
        func text(_ level: TessPageIteratorLevel) -> String {
            guard let c = TessResultIteratorGetUTF8Text(it, level) else { return "" }
            defer { TessDeleteText(c) }
            return String(cString: c)
        }
        var lines: [Line] = []
        var words: [(String, Double, (Int, Int, Int, Int))] = []
        var lineText = "", lineConfidence = 0.0, lineBox = (0, 0, 0, 0)
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                if !words.isEmpty {
                    lines.append(Line(text: lineText, confidence: lineConfidence, box: lineBox,
                                      words: words.map { ($0.0, $0.1, $0.2) }))
                }
                words = []
                lineText = text(RIL_TEXTLINE).trimmingCharacters(in: .whitespacesAndNewlines)
                lineConfidence = Double(TessResultIteratorConfidence(it, RIL_TEXTLINE)) / 100
                lineBox = box(RIL_TEXTLINE)
            }
            let word = text(RIL_WORD)
            if !word.isEmpty { words.append((word, Double(TessResultIteratorConfidence(it, RIL_WORD)) / 100, box(RIL_WORD))) }
        } while TessResultIteratorNext(it, RIL_WORD) != 0
        if !words.isEmpty {
            lines.append(Line(text: lineText, confidence: lineConfidence, box: lineBox, words: words.map { ($0.0, $0.1, $0.2) }))
        }
        return lines.filter { !$0.text.isEmpty }
    }
}

/// Why text recognition is unavailable.
public enum TextReaderError: Error, CustomStringConvertible, Sendable {
    case engineUnavailable(String)
    public var description: String {
        switch self { case .engineUnavailable(let why): why }
    }
}

import Foundation
