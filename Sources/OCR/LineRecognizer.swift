import CardModel
import Foundation
import Imaging
import Inference

/// PP-OCRv4's text recogniser (an SVTR network with a CTC head, `ch_PP-OCRv4_rec_infer.onnx`, Apache-2.0) run by
/// OpenVINO: one upright line crop, 48 px tall, in; its text, confidence and characters' places out. It reads the
/// Latin alphabet, digits and punctuation of cards as well as Chinese (its character list has 6623 entries).
/// One thread at a time; make one per worker.
final class LineRecognizer {
    static let fileName = "text-reader-ppocrv4-rec.onnx"
    /// The network's input height, and the narrowest input it was trained with (shorter lines are padded to it).
    static let inputHeight = 48
    static let narrowestInput = 320
    /// How many alternatives each character keeps (`CharacterChoice`), and the least probability one needs.
    static let alternatives = 3
    static let leastAlternative = 0.01

    private let network: OpenVINOModel
    /// The characters the output's classes stand for: index 0 is CTC's blank, then the list, then a space.
    private let characters: [String]

    init(folder: String, threads: Int, runtime: InferenceRuntime) throws(InferenceError) {
        let path = (folder as NSString).appendingPathComponent(Self.fileName)
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .unreadableModel(path: path, reason: "not found")
        }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe),
              let list = ONNXMetadata.value(of: "character", in: data) else {
            throw .unreadableModel(path: path, reason: "no character list in its metadata")
        }
        characters = [""] + list.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [" "]
        network = try OpenVINOModel(path: path, threads: threads, runtime: runtime)
    }

    /// One recognised line: the text, its confidence (the mean probability of its characters), and for each
    /// character the x range in the crop's pixels it was read at and what else the network weighed there.
    struct Reading {
        var text: String
        var confidence: Double
        var characters: [(text: String, left: Double, right: Double, choices: [CharacterChoice])]
    }

    /// Reads `crop` (upright, `inputHeight` tall; scaled to it when not).
    func read(_ crop: GrayImage) throws(InferenceError) -> Reading {
        let height = Self.inputHeight
        let image = crop.height == height ? crop : crop.scaled(by: Double(height) / Double(crop.height))
        let width = max(1, image.width)
        let inputWidth = max(Self.narrowestInput, (width + 7) / 8 * 8)
        // RGB planes of (x/255 - 0.5)/0.5, the grey value in each; padding 0 (mid grey) past the line's end.
        var input = [Float](repeating: 0, count: 3 * height * inputWidth)
        image.pixels.withUnsafeBufferPointer { src in
            input.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    for x in 0..<width {
                        let v = Float(src[y * image.stride + x]) / 127.5 - 1
                        let at = y * inputWidth + x
                        dst[at] = v; dst[height * inputWidth + at] = v; dst[2 * height * inputWidth + at] = v
                    }
                }
            }
        }
        let out = try network.run(input, shape: [1, 3, height, inputWidth])
        guard out.shape.count == 3, out.shape[0] == 1, out.shape[2] == characters.count else {
            throw .failed(reason: "the recogniser answered shape \(out.shape), not [1, T, \(characters.count)]")
        }
        return Self.decoded(out.values, steps: out.shape[1], classes: out.shape[2], characters: characters,
                            stepWidth: Double(inputWidth) / Double(out.shape[1]), lineWidth: Double(width))
    }

    /// The least probability of a space, at some step between two characters read, that makes one there. The
    /// recogniser (trained mostly on Chinese, which has no spaces) often lets a blank outweigh the space between
    /// two Latin words (`NHSNumber:9991205675`) while still weighing it: on card lines the space class reached
    /// 0.02-0.15 in the gaps between words, under 0.005 between letters of a word.
    static let weakSpace: Float = 0.01

    /// CTC's greedy decoding: the likeliest class at each step, repeats merged, blanks dropped; a space added between
    /// two characters where a step between them weighed one at `weakSpace` or more.
    static func decoded(_ values: [Float], steps: Int, classes: Int, characters: [String], stepWidth: Double,
                        lineWidth: Double) -> Reading {
        var reading = Reading(text: "", confidence: 0, characters: [])
        var previous = 0, sum = 0.0, count = 0
        let space = classes - 1
        var spaceSince: Float = 0  // the most a space weighed since the last character
        values.withUnsafeBufferPointer { p in
            for t in 0..<steps {
                let row = p.baseAddress! + t * classes
                var best = 0
                var bestValue = row[0]
                for c in 1..<classes where row[c] > bestValue { best = c; bestValue = row[c] }
                defer { previous = best }
                if best == 0 { spaceSince = max(spaceSince, row[space]) }
                guard best != 0, best != previous else { continue }
                if best != space, spaceSince >= weakSpace, let last = reading.characters.last, last.text != " " {
                    let at = min(lineWidth, Double(t) * stepWidth)
                    reading.characters.append((" ", at, at, [CharacterChoice(text: " ", confidence: Double(spaceSince))]))
                }
                spaceSince = 0
                // The alternatives: the next likeliest classes at this step (not the blank).
                var others: [(Int, Float)] = []
                for c in 1..<classes where c != best && Double(row[c]) >= leastAlternative {
                    others.append((c, row[c]))
                }
                others.sort { $0.1 > $1.1 }
                let choices = [CharacterChoice(text: normalised(characters[best]), confidence: Double(bestValue))]
                    + others.prefix(alternatives - 1).map { CharacterChoice(text: normalised(characters[$0.0]), confidence: Double($0.1)) }
                let left = min(lineWidth, Double(t) * stepWidth), right = min(lineWidth, Double(t + 1) * stepWidth)
                reading.characters.append((normalised(characters[best]), left, right, choices))
                sum += Double(bestValue)
                count += 1
            }
        }
        while reading.characters.last?.text == " " { reading.characters.removeLast() }
        reading.text = reading.characters.map(\.text).joined()
        reading.confidence = count == 0 ? 0 : sum / Double(count)
        return reading
    }

    /// Full-width forms (the list holds `：`, `（`, `０`… beside their ASCII) as the ASCII a card prints.
    static func normalised(_ character: String) -> String {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return character }
        if (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) {
            return String(Character(ascii))
        }
        if scalar.value == 0x3000 { return " " }
        return character
    }
}

/// A model's metadata property, read from the ONNX file's protobuf without an ONNX library: `ModelProto`'s field
/// 14 (`metadata_props`) holds key/value pairs (fields 1 and 2). Every other field is skipped by its wire type.
enum ONNXMetadata {
    static func value(of key: String, in data: Data) -> String? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> String? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var at = 0
            func varint(_ end: Int) -> UInt64? {
                var value: UInt64 = 0, shift: UInt64 = 0
                while at < end, shift < 64 {
                    let b = bytes[at]; at += 1
                    value |= UInt64(b & 0x7F) << shift
                    if b & 0x80 == 0 { return value }
                    shift += 7
                }
                return nil
            }
            // Walks the fields in [at, end), calling `field` for each length-delimited one with its number and range.
            func fields(until end: Int, _ field: (UInt64, Range<Int>) -> Bool) -> Bool {
                while at < end {
                    guard let tag = varint(end) else { return false }
                    switch tag & 7 {
                    case 0: guard varint(end) != nil else { return false }
                    case 1: at += 8
                    case 5: at += 4
                    case 2:
                        guard let length = varint(end), length <= UInt64(end - at) else { return false }
                        let range = at..<(at + Int(length))
                        at = range.upperBound
                        if !field(tag >> 3, range) { return true }
                    default: return false
                    }
                }
                return at == end
            }
            var found: String?
            _ = fields(until: bytes.count) { number, range in
                guard number == 14 else { return true }
                let after = at
                at = range.lowerBound
                var k: String?, v: String?
                _ = fields(until: range.upperBound) { n, r in
                    let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[r]), as: UTF8.self)
                    if n == 1 { k = s } else if n == 2 { v = s }
                    return true
                }
                at = after
                if k == key { found = v; return false }
                return true
            }
            return found
        }
    }
}
