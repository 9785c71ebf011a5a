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
    let loader: ImageLoader
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
                let reader = try FramePipeline.textReader(concurrentReads: options.parallelStages, models: options.text)
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

    /// Scans an image already in memory (a camera frame, a test image): every stage of `FramePipeline`.
    public func scan(_ image: GrayImage, source: String) -> ScanResult {
        FramePipeline(today: options.today, region: options.region, givenNames: options.text.givenNames)
            .read(image, source: source, barcodes: barcodes, text: text, parallel: options.parallelStages)
    }

    static func milliseconds(from a: DispatchTime, to b: DispatchTime) -> Double {
        (Double(b.uptimeNanoseconds - a.uptimeNanoseconds) / 1e4).rounded() / 100
    }
}
