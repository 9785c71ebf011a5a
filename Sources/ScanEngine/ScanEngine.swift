import CardModel
import Decoding
import Foundation
import Imaging

/// The façade: `scan(file)` for one still image, `scanFiles` for many on all cores.
/// One engine per thread (it owns C decoders); `scanFiles` makes one per worker.
public final class ScanEngine {
    public let options: ScanOptions
    private let loader: ImageLoader
    private let barcodes: BarcodeReader

    public init(options: ScanOptions = ScanOptions()) {
        self.options = options
        loader = ImageLoader(pixelLimit: options.pixelLimit)
        barcodes = BarcodeReader(options: options.barcodes)
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
        let start = DispatchTime.now()
        let found = barcodes.read(image)
        let decoded = DispatchTime.now()
        let items = found.enumerated().map { RecognizedItem(barcode: $1, id: "b\($0 + 1)") }
        return ScanResult(source: source, image: .init(width: image.width, height: image.height),
                          region: options.region, items: items,
                          timings: .init(barcodeMs: Self.milliseconds(from: start, to: decoded)))
    }

    static func milliseconds(from a: DispatchTime, to b: DispatchTime) -> Double {
        (Double(b.uptimeNanoseconds - a.uptimeNanoseconds) / 1e4).rounded() / 100
    }
}
