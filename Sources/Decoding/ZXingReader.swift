import CZXing
import CardModel
import Imaging

/// zxing-cpp 1.4 through the CZXing shim, for Data Matrix, PDF417 and Aztec.
///
/// Debian's build keeps assertions on, and with linear formats and try-harder one assertion aborts the process
/// (../shared/LIBRARY-NOTES.md: Result.cpp:140 on code128-1/4.png). So this reader is only ever given the
/// matrix formats; `init` drops any other.
struct ZXingReader: Sendable {
    /// The formats zxing is allowed to look for (always a subset of `FormatTable.zxingOnly`).
    let formats: Set<BarcodeFormat>

    init(formats: Set<BarcodeFormat>) {
        self.formats = formats.intersection(FormatTable.zxingOnly)
    }

    struct Pass: Sendable {
        var tryHarder = true
        var tryRotate = true
        var tryDownscale = true
        var globalHistogram = false
    }

    /// Reads one image. The corresponding C++ function is `ZXing::ReadBarcodes` (via `czx_read`).
    func read(_ image: GrayImage, pass: Pass = Pass()) -> [Barcode] {
        guard !formats.isEmpty else { return [] }
        var options = czx_options()
        options.formats = formats.reduce(0) { $0 | FormatTable.row($1).zxingBit }
        options.tryHarder = pass.tryHarder ? 1 : 0
        options.tryRotate = pass.tryRotate ? 1 : 0
        options.tryDownscale = pass.tryDownscale ? 1 : 0
        options.binarizer = pass.globalHistogram ? 1 : 0
        let results = image.pixels.withUnsafeBufferPointer {
            czx_read($0.baseAddress, Int32(image.width), Int32(image.height), Int32(image.stride), options)
        }
        guard let results else { return [] }
        defer { czx_results_free(results) }
        var found: [Barcode] = []
        for i in 0..<Int(results.pointee.count) {
            let s = results.pointee.symbols[i]
            guard let format = FormatTable.format(zxingBit: s.format) else { continue }
            let bytes = s.bytes.map { Array(UnsafeBufferPointer(start: $0, count: Int(s.byteCount))) } ?? []
            let text = s.text.map { String(cString: $0) } ?? ""
            let corners = withUnsafeBytes(of: s.x) { xs in
                withUnsafeBytes(of: s.y) { ys in
                    (0..<4).map { Point(x: Int(xs.load(fromByteOffset: $0 * 4, as: Int32.self)),
                                        y: Int(ys.load(fromByteOffset: $0 * 4, as: Int32.self))) }
                }
            }
            // contentType 1 is Binary, 2 Mixed, 5 UnknownECI: the text alone would lose bytes.
            let binary = [1, 2, 5].contains(s.contentType) || String(validating: bytes, as: UTF8.self) == nil
            found.append(Barcode(format: format, text: text, bytes: binary ? bytes : nil,
                                 isGS1: s.contentType == 3, bounds: Quad(corners)))
        }
        return found
    }
}
