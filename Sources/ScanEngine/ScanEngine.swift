import CardModel
import Decoding
import Foundation
import Imaging
import OCR
import Recognition

/// The façade: `scan(file)` for one still image, `scanFiles` for many on all cores.
/// One engine per thread (it owns C decoders); `scanFiles` makes one per worker.
public final class ScanEngine {
    public let options: ScanOptions
    private let loader: ImageLoader
    private let barcodes: BarcodeReader
    /// nil when text is not read, or tesseract could not start (then `textProblem` says why).
    private let text: TextReader?
    public let textProblem: TextReaderError?

    public init(options: ScanOptions = ScanOptions()) {
        self.options = options
        loader = ImageLoader(pixelLimit: options.pixelLimit)
        var barcodeOptions = options.barcodes
        barcodeOptions.traces = options.traces
        barcodes = BarcodeReader(options: barcodeOptions)
        if options.readsText {
            do throws(TextReaderError) {
                let reader = try TextReader(concurrentReads: options.parallelStages)
                reader.traces = options.traces
                text = reader; textProblem = nil
            } catch { text = nil; textProblem = error }
        } else {
            text = nil; textProblem = nil
        }
    }

    /// Loads and scans one image file. Throws only when the file cannot be read as an image.
    public func scan(file path: String) throws(ImageError) -> ScanResult {
        let start = DispatchTime.now()
        let image = try loader.load(contentsOf: path)
        let loaded = DispatchTime.now()
        var result = scan(image, source: path)
        result.timings.loadMs = Self.milliseconds(from: start, to: loaded)
        return result
    }

    /// Scans an image already in memory (a camera frame, a test image).
    public func scan(_ image: GrayImage, source: String) -> ScanResult {
        // The barcode path and the text path do not depend on each other: run them side by side (a card's
        // latency is then the slower of the two, not their sum).
        let barcodeReader = barcodes, textReader = text, parallel = options.parallelStages
        func readBarcodes() -> ([Barcode], Double) {
            let start = DispatchTime.now()
            let found = barcodeReader.read(image)
            return (found, Self.milliseconds(from: start, to: DispatchTime.now()))
        }
        func readText() -> (CardTextReading.First, Double)? {
            guard let textReader else { return nil }
            let start = DispatchTime.now()
            let first = CardTextReading.first(of: image, reader: textReader)
            return (first, Self.milliseconds(from: start, to: DispatchTime.now()))
        }
        let ((found, barcodeMs), textResult) = parallel && textReader != nil
            ? bothAtOnce(readBarcodes, readText) : (readBarcodes(), readText())

        let barcodeItems = found.enumerated().map { RecognizedItem(barcode: $1, id: "b\($0 + 1)") }
        var items = barcodeItems
        let builder = SuggestionBuilder(today: options.today)
        let region = options.region ?? RegionResolution(code: .gb, basis: .fallback)
        var ocrMs = textResult?.1
        // The second way and the rereads are text reading too (ocrMs); suggestMs is the final build alone.
        if let textReader, let (first, _) = textResult {
            let start = DispatchTime.now()
            items += CardTextReading.completed(first, of: image, reader: textReader, barcodes: barcodeItems) {
                builder.build(items: $0, region: region).suggestions
            }
            ocrMs = (ocrMs ?? 0) + Self.milliseconds(from: start, to: DispatchTime.now())
        }
        let suggestStart = DispatchTime.now()
        let built = builder.build(items: items, region: region)
        let done = DispatchTime.now()
        return ScanResult(source: source, image: .init(width: image.width, height: image.height),
                          region: built.region, items: items, suggestions: built.suggestions,
                          timings: .init(barcodeMs: barcodeMs, ocrMs: ocrMs,
                                         suggestMs: Self.milliseconds(from: suggestStart, to: done),
                                         detectorMs: textReader.flatMap { $0.hasLineDetector ? $0.lastDetectorMs : nil }))
    }

    static func milliseconds(from a: DispatchTime, to b: DispatchTime) -> Double {
        (Double(b.uptimeNanoseconds - a.uptimeNanoseconds) / 1e4).rounded() / 100
    }
}
