import CTesseract

/// Owns one leptonica `PIX*`; nothing outside Imaging sees the pointer. `deinit` calls `pixDestroy`.
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
}
