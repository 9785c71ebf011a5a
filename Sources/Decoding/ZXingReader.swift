import CZXing
import CardModel
import Imaging

/// zxing-cpp 3 through its C API (`ZXingC.h`): the only reader of Data Matrix, PDF417 and Aztec here, and a second
/// reader of the formats zbar also reads. Nothing else touches its pointers: every object it hands out is freed here,
/// before `read` returns.
struct ZXingReader: Sendable {
    /// One call's options, as zxing-cpp names them (`ReaderOptions`).
    struct Pass: Sendable {
        var formats: Set<BarcodeFormat>
        var tryHarder = true
        var tryRotate = true
        var tryDownscale = true
        /// Also look at the inverted image (light modules on a dark ground). zxing-cpp's `tryInvert`.
        var tryInvert = false
        var globalHistogram = false
        /// The image is one upright symbol with a quiet zone and nothing else (a grid we sampled and drew):
        /// zxing skips its detectors. zxing-cpp's `isPure`.
        var isPure = false
        /// 0 = all symbols in the image.
        var maxSymbols = 0
        /// Rows (or columns) a linear code must read the same on before it counts; 0 = zxing's default, 2.
        /// zxing-cpp's `minLineCount`.
        var minLineCount = 0
    }

    /// What zxing reported when it could not read the image at all (it returned no result list).
    struct Failure: Error { let message: String }

    /// Reads one image; a failure reads as nothing.
    func read(_ image: GrayImage, pass: Pass) -> [Barcode] {
        (try? readReportingFailure(image, pass: pass)) ?? []
    }

    func readReportingFailure(_ image: GrayImage, pass: Pass) throws(Failure) -> [Barcode] {
        let wanted = pass.formats.flatMap { FormatTable.row($0).zxingFormats }.map { ZXing_BarcodeFormat(UInt32($0)) }
        guard !wanted.isEmpty else { return [] }
        guard let options = ZXing_ReaderOptions_new() else { throw Failure(message: "zxing-cpp: no memory for options") }
        defer { ZXing_ReaderOptions_delete(options) }
        wanted.withUnsafeBufferPointer { ZXing_ReaderOptions_setFormats(options, $0.baseAddress, Int32($0.count)) }
        ZXing_ReaderOptions_setTryHarder(options, pass.tryHarder)
        ZXing_ReaderOptions_setTryRotate(options, pass.tryRotate)
        ZXing_ReaderOptions_setTryDownscale(options, pass.tryDownscale)
        ZXing_ReaderOptions_setTryInvert(options, pass.tryInvert)
        ZXing_ReaderOptions_setIsPure(options, pass.isPure)
        ZXing_ReaderOptions_setBinarizer(options, pass.globalHistogram ? ZXing_Binarizer_GlobalHistogram : ZXing_Binarizer_LocalAverage)
        // Plain: the bytes as text by their ECI or guessed character set, with GS1's FNC1 as GS, as zbar gives them
        // (zxing-cpp 3's default, HRI, would write GS1 data as "(01)…").
        ZXing_ReaderOptions_setTextMode(options, ZXing_TextMode_Plain)
        ZXing_ReaderOptions_setMaxNumberOfSymbols(options, Int32(pass.maxSymbols))
        if pass.minLineCount > 0 { ZXing_ReaderOptions_setMinLineCount(options, Int32(pass.minLineCount)) }

        let results: OpaquePointer? = image.pixels.withUnsafeBufferPointer { pixels in
            guard let view = ZXing_ImageView_new_checked(pixels.baseAddress, Int32(pixels.count), Int32(image.width),
                                                         Int32(image.height), ZXing_ImageFormat_Lum, Int32(image.stride), 1)
            else { return nil }
            defer { ZXing_ImageView_delete(view) }
            return ZXing_ReadBarcodes(view, options)
        }
        guard let results else { throw Failure(message: Self.lastError() ?? "zxing-cpp could not read the image") }
        defer { ZXing_Barcodes_delete(results) }
        var found: [Barcode] = []
        for i in 0..<ZXing_Barcodes_size(results) {
            guard let symbol = ZXing_Barcodes_at(results, i), ZXing_Barcode_isValid(symbol),
                  let format = FormatTable.format(zxingFormat: UInt16(truncatingIfNeeded: ZXing_Barcode_format(symbol).rawValue)),
                  !Self.spentItsErrorCorrection(symbol, format: format)
            else { continue }
            found.append(Self.barcode(symbol, format: format))
        }
        return found
    }

    private static func barcode(_ symbol: OpaquePointer, format: BarcodeFormat) -> Barcode {
        var count: Int32 = 0
        let rawBytes = ZXing_Barcode_bytes(symbol, &count)
        let bytes = rawBytes.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? []
        ZXing_free(rawBytes)
        // The C API gives the text as a C string, which ends at the first NUL: content holding NULs is made text
        // from its bytes, as UTF-8 where they are, else one character a byte (ISO 8859-1, zxing's own guess then).
        let text = !bytes.contains(0) ? taken(ZXing_Barcode_text(symbol)) ?? ""
            : String(validating: bytes, as: UTF8.self) ?? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        let p = ZXing_Barcode_position(symbol)
        let corners = [p.topLeft, p.topRight, p.bottomRight, p.bottomLeft].map { Point(x: Int($0.x), y: Int($0.y)) }
        let content = ZXing_Barcode_contentType(symbol)
        // Binary, Mixed and an unknown ECI: the text alone would lose bytes.
        let binary = [ZXing_ContentType_Binary, ZXing_ContentType_Mixed, ZXing_ContentType_UnknownECI].contains(content)
            || String(validating: bytes, as: UTF8.self) == nil
        // DataBar is GS1 data whatever zxing's content type says, and its text is made zbar's.
        let dataBar = format == .dataBar || format == .dataBarExpanded
        let canonical = dataBar ? DataBarText.fromZXing(text, format: format) : GTIN.canonicalText(text, format: format)
        return Barcode(format: format, text: canonical, bytes: binary && !dataBar ? bytes : nil,
                       isGS1: content == ZXing_ContentType_GS1 || dataBar, bounds: Quad(corners))
    }

    /// A PDF417 read is not trusted when it left under this share of its error correction unused (zxing-cpp's
    /// `UEC` extra). Reed-Solomon decoding past its capacity can land on another codeword, and such a
    /// miscorrection spends the capacity to its edge: cards-dev3 0058's sleeved, tilted loyalty PDF417 came out
    /// `NLWZTD://4$-!CG,7$0…` for `https://meridiansports.example/…` with none left (0.0), offered as a valid
    /// membership. Every right PDF417 read left at least 0.37 unused (the shared corpus's 34: 0.56 and more; own
    /// seed 2's 11: 0.87; the card sets' 7: 0.37). QR codes are not held to it: two right reads of small QR
    /// codes in the shared corpus spent all of theirs.
    static let leastUnusedErrorCorrection = 0.2

    private static func spentItsErrorCorrection(_ symbol: OpaquePointer, format: BarcodeFormat) -> Bool {
        guard format == .pdf417, let unused = taken(ZXing_Barcode_extra(symbol, "UEC")).flatMap(Double.init) else { return false }
        return unused < leastUnusedErrorCorrection
    }

    /// A string zxing allocated, copied and freed.
    private static func taken(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { ZXing_free(pointer) }
        return String(cString: pointer)
    }

    private static func lastError() -> String? { taken(ZXing_LastErrorMsg()) }
}
