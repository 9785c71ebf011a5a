import CardModel
import Foundation
import Imaging

/// The one entry point for barcodes: `read(image)` runs zbar and zxing-cpp and, when that finds nothing, retries
/// on transformed copies of the image until something is found or the budget runs out.
///
/// One reader per thread (it owns a zbar scanner); make several for parallel work.
public final class BarcodeReader {
    public let options: BarcodeOptions
    private let zbar: ZBarScanner?
    private let zxing: ZXingReader

    public init(options: BarcodeOptions = BarcodeOptions()) {
        self.options = options
        let zbarFormats = options.formats.subtracting(FormatTable.zxingOnly)
        zbar = zbarFormats.isEmpty ? nil : ZBarScanner(formats: zbarFormats)
        zxing = ZXingReader(formats: options.formats)
    }

    public func read(_ image: GrayImage) -> [Barcode] {
        let first = readBoth(image, pass: ZXingReader.Pass())
        if !first.isEmpty || !options.retries { return first }
        let deadline = Date().addingTimeInterval(options.retryBudget)
        for attempt in RetryPlan.attempts(for: image) {
            if Date() >= deadline { break }
            let variant = attempt.make(image)
            let found = readBoth(variant.image, pass: attempt.pass, zbarToo: attempt.zbarToo)
                .map { variant.mapToSource($0) }
            if !found.isEmpty { return found }
        }
        return []
    }

    /// Both libraries on one image, duplicates removed (the same code seen by both, or twice by one).
    private func readBoth(_ image: GrayImage, pass: ZXingReader.Pass, zbarToo: Bool = true) -> [Barcode] {
        var found = zbarToo ? (zbar?.scan(image) ?? []) : []
        found += zxing.read(image, pass: pass)
        return Self.removingDuplicates(found)
    }

    static func removingDuplicates(_ barcodes: [Barcode]) -> [Barcode] {
        var kept: [Barcode] = []
        for b in barcodes where !kept.contains(where: { $0.isSameCode(as: b) }) { kept.append(b) }
        return kept
    }
}
