import CardModel
import Foundation

/// A folder of barcode images with their expected content, laid out as zxing-cpp's test samples are:
/// `<set>/<name>.<image ext>` beside `<name>.txt` (text, one trailing newline removed) or `<name>.bin` (bytes).
/// Sets named `falsepositives-*` hold images with no barcode: any read there is a false read.
public struct BarcodeCorpus: Sendable {
    public struct Sample: Sendable {
        public let set: String
        public let imagePath: String
        /// nil for a false-positive image (nothing should be read).
        public let expected: [UInt8]?
        public let expectedIsBinary: Bool

        public var name: String { return (imagePath as NSString).lastPathComponent }
        public var isFalsePositiveSet: Bool { self.set.hasPrefix("falsepositives") }
    }

    public let root: String
    public let samples: [Sample]

    public init(root: String) throws {
        self.root = root
        let fm = FileManager.default
        var samples: [Sample] = []
        for set in try fm.contentsOfDirectory(atPath: root).sorted() {
            let folder = (root as NSString).appendingPathComponent(set)
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else { continue }
            for file in try fm.contentsOfDirectory(atPath: folder).sorted() {
                let ext = (file as NSString).pathExtension.lowercased()
                guard ["png", "jpg", "jpeg", "webp", "gif", "bmp", "tif", "tiff", "pgm", "pnm"].contains(ext) else { continue }
                let base = (folder as NSString).appendingPathComponent((file as NSString).deletingPathExtension)
                let imagePath = (folder as NSString).appendingPathComponent(file)
                if let text = fm.contents(atPath: base + ".txt") {
                    samples.append(Sample(set: set, imagePath: imagePath, expected: [UInt8](text), expectedIsBinary: false))
                } else if let bin = fm.contents(atPath: base + ".bin") {
                    samples.append(Sample(set: set, imagePath: imagePath, expected: [UInt8](bin), expectedIsBinary: true))
                } else if set.hasPrefix("falsepositives") {
                    samples.append(Sample(set: set, imagePath: imagePath, expected: nil, expectedIsBinary: false))
                }
            }
        }
        self.samples = samples
    }

    public var sets: [String] { Array(Set(samples.map(\.set))).sorted() }

    /// Whether a barcode's content is what the sample expects (bytes for `.bin`, text for `.txt`). A `.txt`
    /// may end with one newline that is not content, or with a newline that is (some QR texts end in CR LF):
    /// either reading counts, as in zxing-cpp's own runner.
    public static func matches(_ barcode: Barcode, _ sample: Sample) -> Bool {
        guard let expected = sample.expected else { return false }
        if sample.expectedIsBinary { return (barcode.bytes ?? Array(barcode.text.utf8)) == expected }
        let text = Array(barcode.text.utf8)
        return text == expected || (expected.last == 0x0A && text == Array(expected.dropLast()))
    }

    /// How one image scored: passed (some read equals the expected content), how many reads were wrong, and how
    /// many other texts were reported beside the expected one (`besides`). zxing-cpp's scoring counts an image with
    /// the expected text as passed whatever else was read; a photo holds one code in these sets, so another text
    /// beside it is most likely a second, wrong read of the same code (which a user would be offered too).
    public struct Score: Sendable {
        public var passed: Bool
        public var misreads: Int
        public var besides: Int
        public init(passed: Bool, misreads: Int, besides: Int = 0) {
            self.passed = passed; self.misreads = misreads; self.besides = besides
        }
    }

    public static func score(_ barcodes: [Barcode], _ sample: Sample) -> Score {
        if sample.isFalsePositiveSet { return Score(passed: barcodes.isEmpty, misreads: barcodes.count) }
        let good = barcodes.filter { matches($0, sample) }
        let others = Set(barcodes.filter { !matches($0, sample) }.map(\.text))
        return Score(passed: !good.isEmpty, misreads: good.isEmpty ? barcodes.count : 0, besides: good.isEmpty ? 0 : others.count)
    }
}

/// Per-set totals.
public struct CorpusTally: Sendable {
    public var images = 0
    public var passed = 0
    public var misreads = 0
    public var failedFiles: [String] = []
    public var misreadFiles: [String] = []
    /// Images read right where another text was reported too.
    public var besideFiles: [String] = []
    public init() {}

    public mutating func add(_ score: BarcodeCorpus.Score, file: String) {
        images += 1
        if score.passed { passed += 1 } else { failedFiles.append(file) }
        misreads += score.misreads
        if score.misreads > 0 { misreadFiles.append(file) }
        if score.besides > 0 { besideFiles.append(file) }
    }
}
