import CardModel
import Foundation
import Imaging
import Inference

/// PP-OCRv6's small text recogniser (a CTC-headed network, `PP-OCRv6_rec_small.onnx` from the PyPI wheel `rapidocr`
/// 3.10.0, Apache-2.0) run by OpenVINO: one upright line crop, 48 px tall, in; its text, confidence and characters'
/// places out. Its character list (18,708 entries, in the model's metadata) holds the Latin alphabet with its accents,
/// digits and punctuation as well as Chinese. Chosen over PP-OCRv4's recogniser, which runs faster: the receipts'
/// fields and the card sets' read with each are in docs/read.md.
/// Safe from several threads (a card read alone splits its lines between two tesseract engines, and both threads
/// ask this one recogniser first): its one inference request is taken by one thread at a time, which runs it on
/// `threads` cores.
final class LineRecognizer: @unchecked Sendable {
    static let fileName = "text-reader-ppocrv6-rec.onnx"
    /// The network's input height, and the narrowest input it was trained with (shorter lines are padded to it).
    static let inputHeight = 48
    static let narrowestInput = 320
    /// How many alternatives each character keeps (`CharacterChoice`), and the least probability one needs.
    static let alternatives = 3
    static let leastAlternative = 0.01

    private let network: OpenVINOModel
    /// OpenVINO's inference request is not safe from two threads at once (two at once corrupted the heap).
    private let networkLock = NSLock()
    /// The characters the output's classes stand for: index 0 is CTC's blank, then the list, then a space.
    private let characters: [String]
    /// Which classes may be read (`latinScript`): the cards read here are in the Latin script, and a Chinese
    /// character the network prefers (`DO日` for `DOB`, a stroke of glare read as `川`) is a misreading of a Latin
    /// one, which then comes through with the probability the network gave it (low: an unsure line).
    private let allowed: [Bool]

    init(folder: String, threads: Int, runtime: InferenceRuntime) throws(InferenceError) {
        let path = (folder as NSString).appendingPathComponent(Self.fileName)
        let list = try Self.characterList(path)
        characters = [""] + list.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [" "]
        allowed = characters.enumerated().map { $0.offset == 0 || Self.latinScript($0.element) }
        network = try OpenVINOModel(path: path, threads: threads, runtime: runtime)
    }

    /// The model's character list (its ONNX metadata); throws when the file is missing or holds none.
    static func characterList(_ path: String) throws(InferenceError) -> String {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .unreadableModel(path: path, reason: "not found")
        }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe),
              let list = ONNXMetadata.value(of: "character", in: data) else {
            throw .unreadableModel(path: path, reason: "no character list in its metadata")
        }
        return list
    }

    /// Why the model in `folder` cannot be used, found without compiling it; nil when it looks usable.
    static func problem(folder: String) -> InferenceError? {
        do throws(InferenceError) {
            _ = try characterList((folder as NSString).appendingPathComponent(fileName))
            return nil
        } catch { return error }
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
        let inputWidth = Self.inputWidth(for: width)
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
        networkLock.lock()
        let answer = Result { () throws(InferenceError) in try network.run(input, shape: [1, 3, height, inputWidth]) }
        networkLock.unlock()
        let out = try answer.get()
        guard out.shape.count == 3, out.shape[0] == 1, out.shape[2] == characters.count else {
            throw .failed(reason: "the recogniser answered shape \(out.shape), not [1, T, \(characters.count)]")
        }
        let gaps = Self.paperGaps(image)
        return Self.decoded(out.values, steps: out.shape[1], classes: out.shape[2], characters: characters,
                            stepWidth: Double(inputWidth) / Double(out.shape[1]), lineWidth: Double(width), allowed: allowed) { from, to in
            // The widest run of paper columns between two characters' places.
            var run = 0, widest = 0
            for x in max(0, Int(from))..<max(max(0, Int(from)), min(gaps.count, Int(to))) {
                run = gaps[x] ? run + 1 : 0
                widest = max(widest, run)
            }
            return Double(widest) / Double(height)
        }
    }

    /// Per column of `image`: whether it holds no ink in its middle rows (the box's margins hold neighbouring lines'
    /// ascenders and descenders). Ink is darker than halfway between the crop's darkest and lightest.
    static func paperGaps(_ image: GrayImage) -> [Bool] {
        let top = image.height / 5, bottom = image.height - image.height / 5
        var darkest = UInt8.max, lightest = UInt8.min
        var columnDarkest = [UInt8](repeating: .max, count: image.width)
        image.pixels.withUnsafeBufferPointer { p in
            for y in top..<bottom {
                for x in 0..<image.width {
                    let v = p[y * image.stride + x]
                    darkest = min(darkest, v); lightest = max(lightest, v)
                    columnDarkest[x] = min(columnDarkest[x], v)
                }
            }
        }
        let threshold = (Int(darkest) + Int(lightest)) / 2
        return columnDarkest.map { Int($0) > threshold }
    }

    /// The input widths lines are padded to. The network takes any width, but OpenVINO prepares each new input shape
    /// on its first run (50-100 ms here, against ~15 ms for a warm run of a 640-wide line): with each line at its own
    /// width nearly every line paid that. A handful of widths, each prepared once per process, costs a little padding.
    /// Finer widths from 96 up (sixteen) would read an eighth padding instead of a third (cards-dev2's median line crop
    /// is 212 px wide), but the network reads a short line differently with less paper after it: cards-dev lost a
    /// date of birth and a name that way, for no end-to-end gain measurable in a batch (the network's cost per call
    /// is about 1 ms plus 26 µs a column, one core).
    static let inputWidths = [320, 480, 640, 800, 960, 1280, 1600, 2048]

    static func inputWidth(for width: Int) -> Int {
        inputWidths.first { $0 >= width } ?? (width + 511) / 512 * 512
    }

    /// The least probability of a space, at some step between two characters read, that makes one there. The
    /// recogniser (trained mostly on Chinese, which has no spaces) often lets a blank outweigh the space between
    /// two Latin words (`NHSNumber:9991205675`) while still weighing it: on card lines the space class reached
    /// 0.02-0.15 in the gaps between words, under 0.005 between letters of a word.
    static let weakSpace: Float = 0.01
    /// A space the network weighed at least this much is made whatever the crop shows.
    static let likelySpace: Float = 0.4
    /// A weaker one (but between two digits) needs a run of paper between their places (their steps' middles) at least
    /// this share of the crop's height wide: letters within a widely spaced capitalised word drew a weak space too
    /// (`NOWAK` 0.10 at a 0.125 gap, `LEMAISTRE` 0.026 at 0.125), and so did an apostrophe or a hyphen within a
    /// name (`O 'NEILL`, `ASHWORTH- HUGHES`); words stand 0.19-0.4 apart. Between digits no gap is asked
    /// for: the groups of a printed number (`465 624 8150`) stand closer than words, and an unlabelled NHS number
    /// is taken only in its groups.
    static let spaceGap = 0.17

    static func bothDigits(_ a: String, _ b: String) -> Bool {
        (a.first?.isNumber ?? false) && (b.first?.isNumber ?? false)
    }

    /// CTC's greedy decoding: the likeliest class at each step, repeats merged, blanks dropped; a space added between
    /// two characters where a step between them weighed one at `weakSpace` or more.
    static func decoded(_ values: [Float], steps: Int, classes: Int, characters: [String], stepWidth: Double,
                        lineWidth: Double, allowed: [Bool]? = nil, gap: (Double, Double) -> Double = { _, _ in 1 }) -> Reading {
        let allowed = allowed ?? [Bool](repeating: true, count: classes)
        var reading = Reading(text: "", confidence: 0, characters: [])
        var previous = 0, sum = 0.0, count = 0
        let space = classes - 1
        var spaceSince: Float = 0  // the most a space weighed since the last character
        values.withUnsafeBufferPointer { p in
            for t in 0..<steps {
                let row = p.baseAddress! + t * classes
                var best = 0
                var bestValue = row[0]
                for c in 1..<classes where allowed[c] && row[c] > bestValue { best = c; bestValue = row[c] }
                defer { previous = best }
                if best == 0 { spaceSince = max(spaceSince, row[space]) }
                guard best != 0, best != previous else { continue }
                if best != space, spaceSince >= weakSpace, let last = reading.characters.last, last.text != " ",
                   spaceSince >= likelySpace || bothDigits(last.text, characters[best])
                    || gap((last.left + last.right) / 2, (Double(t) + 0.5) * stepWidth) >= spaceGap {
                    let at = min(lineWidth, Double(t) * stepWidth)
                    reading.characters.append((" ", at, at, [CharacterChoice(text: " ", confidence: Double(spaceSince))]))
                }
                spaceSince = 0
                // The alternatives: the next likeliest classes at this step (not the blank).
                var others: [(Int, Float)] = []
                for c in 1..<classes where c != best && allowed[c] && Double(row[c]) >= leastAlternative {
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
        reading.characters = lettersKept(reading.characters)
        reading.text = reading.characters.map(\.text).joined()
        reading.confidence = count == 0 ? 0 : sum / Double(count)
        return reading
    }

    /// A zero read among letters as the letter O (`0ct` for `Oct`, `D0B`: the recogniser's commonest slip
    /// on card print): in a run of letters and digits holding at least two letters, no other digit, and one or two
    /// zeros. A capital O at the run's start or among capitals, a small one inside a word in small letters.
    static func lettersKept(_ characters: [(text: String, left: Double, right: Double, choices: [CharacterChoice])])
        -> [(text: String, left: Double, right: Double, choices: [CharacterChoice])] {
        var result = characters
        var start = 0
        func fix(_ range: Range<Int>) {
            let run = range.map { characters[$0].text.first! }
            let zeros = run.filter { $0 == "0" }.count
            guard (1...2).contains(zeros), run.filter(\.isLetter).count >= 2,
                  !run.contains(where: { $0.isNumber && $0 != "0" }) else { return }
            for (offset, i) in range.enumerated() where run[offset] == "0" {
                let before = offset > 0 ? run[offset - 1] : nil, after = offset + 1 < run.count ? run[offset + 1] : nil
                // Small inside a word in small letters (`B0ston`, `J0hn`), a capital at a word's start or among capitals.
                let small = before != nil && (before!.isLowercase || after?.isLowercase == true)
                result[i].text = small ? "o" : "O"
            }
        }
        for i in 0...characters.count {
            let alphanumeric = i < characters.count && characters[i].text.count == 1
                && (characters[i].text.first!.isLetter || characters[i].text.first!.isNumber)
            if !alphanumeric {
                if i > start { fix(start..<i) }
                start = i + 1
            }
        }
        return result
    }

    /// Whether a character of the list belongs to what a card here prints: ASCII, the Latin-1 and Latin
    /// Extended-A letters (French and Irish names: `é`, `ç`, `Ó`), and a few signs (`£`, `€`, `°`, curly quotes,
    /// dashes); full-width ASCII forms count as their ASCII (`normalised`).
    static func latinScript(_ character: String) -> Bool {
        normalised(character).unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x20...0x7E, 0xA3, 0xB0, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x17F, 0x2013, 0x2014, 0x2018, 0x2019, 0x20AC: true
            default: false
            }
        }
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
