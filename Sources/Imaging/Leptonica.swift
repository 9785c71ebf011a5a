import CLeptonica
import Foundation

// The one file that calls leptonica: every other file of Imaging works through `LeptonicaPix` and sees no pointer.

/// Owns one leptonica `PIX*`; nothing outside this file sees the pointer. `deinit` calls `pixDestroy`.
final class LeptonicaPix {
    private(set) var pointer: UnsafeMutablePointer<PIX>

    init?(_ pointer: UnsafeMutablePointer<PIX>?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit {
        var p: UnsafeMutablePointer<PIX>? = pointer
        pixDestroy(&p)
    }

    var width: Int { Int(pixGetWidth(pointer)) }
    var height: Int { Int(pixGetHeight(pointer)) }
    var depth: Int { Int(pixGetDepth(pointer)) }
    var samplesPerPixel: Int { Int(pixGetSpp(pointer)) }
    var hasColormap: Bool { pixGetColormap(pointer) != nil }

    /// Decodes an image held in memory. The corresponding C function is `pixReadMem`.
    static func decode(_ bytes: [UInt8]) -> LeptonicaPix? {
        bytes.withUnsafeBufferPointer { LeptonicaPix(pixReadMem($0.baseAddress, $0.count)) }
    }

    /// Reads width and height from the header without decoding pixels. The corresponding C function is
    /// `pixReadHeaderMem`.
    static func headerDimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var format: l_int32 = 0, w: l_int32 = 0, h: l_int32 = 0, bps: l_int32 = 0, spp: l_int32 = 0, cmap: l_int32 = 0
        let status = bytes.withUnsafeBufferPointer {
            pixReadHeaderMem($0.baseAddress, $0.count, &format, &w, &h, &bps, &spp, &cmap)
        }
        return status == 0 ? (Int(w), Int(h)) : nil
    }

    /// Converts any depth, colormap or alpha to 8-bit luminance. Palette images lose their colormap first (else
    /// the "gray" values would be palette indices); RGBA is blended onto white so transparent areas read as paper.
    func toGray8() -> LeptonicaPix? {
        var current: LeptonicaPix = self
        func step(_ next: UnsafeMutablePointer<PIX>?) -> Bool {
            guard let pix = LeptonicaPix(next) else { return false }
            current = pix
            return true
        }
        if current.hasColormap, !step(pixRemoveColormap(current.pointer, l_int32(REMOVE_CMAP_BASED_ON_SRC))) {
            return nil
        }
        if current.depth == 32, current.samplesPerPixel == 4, !step(pixAlphaBlendUniform(current.pointer, 0xFFFF_FF00)) {
            return nil
        }
        switch current.depth {
        case 8 where !current.hasColormap: break
        case 32: guard step(pixConvertRGBToLuminance(current.pointer)) else { return nil }
        case 16: guard step(pixConvert16To8(current.pointer, l_int32(L_MS_BYTE))) else { return nil }
        default: guard step(pixConvertTo8(current.pointer, 0)) else { return nil }
        }
        return current
    }

    /// Copies an 8-bit pix into a `GrayImage` (leptonica's words hold bytes big-endian; `cts_get_data_byte`
    /// is its GET_DATA_BYTE).
    func copyGray8() -> GrayImage? {
        guard depth == 8, let data = pixGetData(pointer) else { return nil }
        let w = width, h = height, wpl = Int(pixGetWpl(pointer))
        var out = [UInt8](repeating: 0, count: w * h)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                let line = data + y * wpl
                for x in 0..<w { dst[y * w + x] = cts_get_data_byte(line, Int32(x)) }
            }
        }
        return try? GrayImage(width: w, height: h, pixels: out)
    }

    /// An 8-bit pix holding a copy of `image`. The corresponding C function is `pixCreate`.
    convenience init?(gray image: GrayImage) {
        guard let pix = pixCreate(Int32(image.width), Int32(image.height), 8), let data = pixGetData(pix) else { return nil }
        self.init(pix)
        let wpl = Int(pixGetWpl(pix))
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<image.height {
                let line = data + y * wpl
                for x in 0..<image.width { cts_set_data_byte(line, Int32(x), src[y * image.stride + x]) }
            }
        }
    }

    /// Leptonica prints its own errors to stderr; cardscan reports errors itself, naming the file.
    /// The corresponding C function is `setMsgSeverity`.
    static let silenceMessages: Void = { _ = setMsgSeverity(l_int32(L_SEVERITY_NONE)) }()

    // MARK: Operations, each one leptonica call (nil where leptonica gives no image back).

    /// Grey closing over `size` x `size` (`pixCloseGray`; `size` odd).
    func closedGray(size: Int) -> LeptonicaPix? { LeptonicaPix(pixCloseGray(pointer, Int32(size), Int32(size))) }

    /// 3x3 (or `size`) median (`pixMedianFilter`).
    func medianFiltered(size: Int) -> LeptonicaPix? { LeptonicaPix(pixMedianFilter(pointer, Int32(size), Int32(size))) }

    /// Black or white top-hat over `window` x `window` (`pixTophat`).
    func topHat(window: Int, black: Bool) -> LeptonicaPix? {
        LeptonicaPix(pixTophat(pointer, Int32(window), Int32(window), l_int32(black ? L_TOPHAT_BLACK : L_TOPHAT_WHITE)))
    }

    /// The background brought to one level (`pixBackgroundNormSimple`: estimated in tiles from the light pixels,
    /// then divided out).
    func backgroundNormalized() -> LeptonicaPix? {
        LeptonicaPix(pixBackgroundNormSimple(pointer, nil, nil))
    }

    /// Background-normalised and thresholded to 1 bpp: dark text on light, as leptonica's layout analysis wants.
    func binarizedForLayout() -> LeptonicaPix? {
        guard let normalized = backgroundNormalized() else { return nil }
        return LeptonicaPix(pixConvertTo1(normalized.pointer, 160))
    }

    /// 1 bpp, set where the 8-bit value is *below* `threshold` (`pixThresholdToBinary`).
    func binary(below threshold: Int) -> LeptonicaPix? { LeptonicaPix(pixThresholdToBinary(pointer, Int32(threshold))) }

    /// Every pixel inverted (`pixInvert`).
    func inverted() -> LeptonicaPix? { LeptonicaPix(pixInvert(nil, pointer)) }

    /// The bounding boxes of a 1 bpp image's 8-connected components (`pixConnCompBB`).
    func componentBoxes() -> [(x: Int, y: Int, width: Int, height: Int)] {
        guard let found = pixConnCompBB(pointer, 8) else { return [] }
        var owned: UnsafeMutablePointer<BOXA>? = found
        defer { boxaDestroy(&owned) }
        var boxes: [(x: Int, y: Int, width: Int, height: Int)] = []
        for index in 0..<boxaGetCount(found) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(found, index, &x, &y, &w, &h) == 0 else { continue }
            boxes.append((Int(x), Int(y), Int(w), Int(h)))
        }
        return boxes
    }

    /// The skew of a 1 bpp text image within ±`range` degrees, counter-clockwise positive in its y-down pixels,
    /// and leptonica's confidence (`pixFindSkewSweepAndSearch`); nil when it found none.
    func skew(range: Double) -> (degrees: Double, confidence: Double)? {
        var angle: Float = 0, confidence: Float = 0
        let status = pixFindSkewSweepAndSearch(pointer, &angle, &confidence, 2, 1, Float(range), 1, 0.01)
        guard status == 0, confidence > 0 else { return nil }
        return (Double(angle), Double(confidence))
    }

    /// The up/down confidence of a 1 bpp text image (`pixOrientDetect`): positive upright, negative upside down.
    func uprightConfidence() -> Double? {
        var up: Float = 0, left: Float = 0
        guard pixOrientDetect(pointer, &up, &left, 0, 0) == 0 else { return nil }
        return Double(up)
    }

    // MARK: Drawing and writing.

    /// A 32-bit colour copy (`pixConvertTo32`), to draw on.
    func colour() -> LeptonicaPix? { LeptonicaPix(pixConvertTo32(pointer)) }

    /// A closed polyline through `points`, `thickness` px wide, in `rgb` (`pixRenderPolylineArb`).
    func drawPolyline(_ points: [(x: Int, y: Int)], thickness: Int, rgb: (UInt8, UInt8, UInt8)) {
        var line = ptaCreate(Int32(points.count))
        guard let polyline = line else { return }
        defer { ptaDestroy(&line) }
        for p in points { ptaAddPt(polyline, Float(p.x), Float(p.y)) }
        _ = pixRenderPolylineArb(pointer, polyline, Int32(thickness), rgb.0, rgb.1, rgb.2, 1)
    }

    /// `text` in leptonica's built-in bitmap font (even sizes 4-20; `size` is rounded into that), its baseline's
    /// left end at (`x`, `y`), in `rgba` (0 is black on grey) (`bmfCreate`, `pixSetTextline`).
    func drawText(_ text: String, size: Int, x: Int, y: Int, rgba: UInt32) {
        var font = bmfCreate(nil, Int32(max(4, min(20, size)) / 2 * 2))
        defer { bmfDestroy(&font) }
        if let font { _ = pixSetTextline(pointer, font, text, rgba, Int32(x), Int32(y), nil, nil) }
    }

    /// Writes the image as PNG into `path`, made 0600 first (a picture of a card shows its numbers; writing keeps
    /// the mode of an existing file) (`pixWrite`).
    func writePNG(to path: String) -> Bool {
        FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
            && chmod(path, 0o600) == 0 && pixWrite(path, pointer, l_int32(IFF_PNG)) == 0
    }

    /// The image as the bytes of a JPEG (`quality` 1-100) or PNG file (`pixWriteMemJpeg`, `pixWriteMemPng`); nil
    /// when leptonica could not encode it. Leptonica allocates the bytes and `lept_free` releases them.
    func encoded(jpegQuality: Int?) -> [UInt8]? {
        var data: UnsafeMutablePointer<l_uint8>?
        var size = 0
        let status = if let jpegQuality {
            pixWriteMemJpeg(&data, &size, pointer, l_int32(max(1, min(100, jpegQuality))), 0)
        } else {
            pixWriteMemPng(&data, &size, pointer, 0)
        }
        defer { if let data { lept_free(data) } }
        guard status == 0, let data, size > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
