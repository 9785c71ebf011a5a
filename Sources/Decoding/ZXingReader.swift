import CZXing
import CardModel
import Imaging

/// zxing-cpp 1.4 through the CZXing shim: the only reader of Data Matrix, PDF417 and Aztec here, and a second
/// opinion on the formats zbar also reads.
///
/// Debian's build keeps assertions on, and a linear-code merge asserts on real images (../shared/LIBRARY-NOTES.md:
/// Result.cpp:140 on code128-1/4.png). The shim turns that assertion into an error for the image instead of an
/// abort (see shim.cpp); we also ask for one symbol at a time on linear passes, which avoids the merge path.
struct ZXingReader: Sendable {
    struct Pass: Sendable {
        var formats: Set<BarcodeFormat>
        var tryHarder = true
        var tryRotate = true
        var tryDownscale = true
        var globalHistogram = false
        /// The image is one upright symbol with a quiet zone and nothing else (a grid we sampled and drew):
        /// zxing skips its detectors. The corresponding hint is `DecodeHints::setIsPure`.
        var isPure = false
        /// 0 = all symbols in the image.
        var maxSymbols = 0
        /// Rows (or columns) a linear code must read the same on before it counts; 0 = zxing's default, 2. The
        /// corresponding hint is `DecodeHints::setMinLineCount`.
        var minLineCount = 0
    }

    /// The last failure zxing reported (an exception or a caught assertion), for diagnostics and tests.
    struct Failure: Error { let message: String }

    /// Reads one image. The corresponding C++ function is `ZXing::ReadBarcodes` (via `czx_read`).
    /// Aztec results are confirmed by two more decodes before they are returned (see AztecConfirmation).
    func read(_ image: GrayImage, pass: Pass) -> [Barcode] {
        let found = (try? readReportingFailure(image, pass: pass)) ?? []
        return AztecConfirmation.confirmed(found, image: image, pass: pass) { image, pass in
            (try? readReportingFailure(image, pass: pass)) ?? []
        }
    }

    /// Fills every heap block the process allocates or frees from now on with `pattern` (glibc's M_PERTURB, through
    /// the shim), or stops doing so with 0: what `AztecConfirmation` decodes under. Process-wide; its caller
    /// serialises.
    static func perturbHeap(with pattern: Int32) {
        czx_set_heap_perturbation(pattern)
    }

    func readReportingFailure(_ image: GrayImage, pass: Pass) throws(Failure) -> [Barcode] {
        let formats = pass.formats
        guard !formats.isEmpty else { return [] }
        var options = czx_options()
        options.maxSymbols = Int32(pass.maxSymbols)
        options.formats = formats.reduce(0) { $0 | FormatTable.row($1).zxingBit }
        options.tryHarder = pass.tryHarder ? 1 : 0
        options.tryRotate = pass.tryRotate ? 1 : 0
        options.tryDownscale = pass.tryDownscale ? 1 : 0
        options.binarizer = pass.globalHistogram ? 1 : 0
        options.isPure = pass.isPure ? 1 : 0
        options.minLineCount = Int32(pass.minLineCount)
        let results = image.pixels.withUnsafeBufferPointer {
            czx_read($0.baseAddress, Int32(image.width), Int32(image.height), Int32(image.stride), options)
        }
        guard let results else { return [] }
        defer { czx_results_free(results) }
        if results.pointee.error.0 != 0 {
            let message = withUnsafeBytes(of: results.pointee.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw Failure(message: message)
        }
        var found: [Barcode] = []
        for i in 0..<Int(results.pointee.count) {
            let s = results.pointee.symbols[i]
            guard let format = FormatTable.format(zxingBit: s.format) else { continue }
            let bytes = s.bytes.map { Array(UnsafeBufferPointer(start: $0, count: Int(s.byteCount))) } ?? []
            let text = s.text.map { pointer in
                String(decoding: UnsafeRawBufferPointer(start: pointer, count: Int(s.textLength)), as: UTF8.self)
            } ?? ""
            let corners = withUnsafeBytes(of: s.x) { xs in
                withUnsafeBytes(of: s.y) { ys in
                    (0..<4).map { Point(x: Int(xs.load(fromByteOffset: $0 * 4, as: Int32.self)),
                                        y: Int(ys.load(fromByteOffset: $0 * 4, as: Int32.self))) }
                }
            }
            // contentType 1 is Binary, 2 Mixed, 5 UnknownECI: the text alone would lose bytes.
            let binary = [1, 2, 5].contains(s.contentType) || String(validating: bytes, as: UTF8.self) == nil
            if format == .aztec, !AztecConfirmation.fits(bytes, inBits: Int(s.numBits)) { continue }
            // DataBar is GS1 data whatever zxing's content type says (it says plain text), and its text is made zbar's.
            let dataBar = format == .dataBar || format == .dataBarExpanded
            let canonical = dataBar ? DataBarText.fromZXing(text, format: format) : GTIN.canonicalText(text, format: format)
            found.append(Barcode(format: format, text: canonical, bytes: binary && !dataBar ? bytes : nil,
                                 isGS1: s.contentType == 3 || dataBar, bounds: Quad(corners)))
        }
        return found
    }
}
