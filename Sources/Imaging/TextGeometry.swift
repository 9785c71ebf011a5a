import CTesseract

/// Where text in an image leans and which way up it stands, measured with leptonica's document-analysis
/// routines, so OCR can be given upright, level text. Only measurements leave this file; the image itself is
/// turned by the pure-Swift transforms, which also map coordinates back.
extension GrayImage {
    /// The angle (degrees, clockwise positive as seen) by which text lines lean, searched within ±`range`, and
    /// leptonica's confidence in it; nil when no text lines were found. Turning the image by the negative of it
    /// levels the text. The corresponding C function is `pixFindSkewSweepAndSearch`.
    public func textSkew(range: Double = 16) -> (degrees: Double, confidence: Double)? {
        _ = LeptonicaPix.silenceMessages
        guard let gray = LeptonicaPix(gray: self), let binary = gray.binarizedForLayout() else { return nil }
        var angle: Float = 0, confidence: Float = 0
        let status = pixFindSkewSweepAndSearch(binary.pointer, &angle, &confidence, 2, 1, Float(range), 1, 0.01)
        guard status == 0, confidence > 0 else { return nil }
        // leptonica's angle is counter-clockwise positive in its y-down image: clockwise as seen is the negative.
        return (-Double(angle), Double(confidence))
    }

    /// Whether level text reads right way up: leptonica's ascender/descender statistics, positive for upright
    /// and negative for upside down, near zero when it cannot tell (little text). Measure after levelling.
    /// The corresponding C function is `pixOrientDetect` (its up/down confidence).
    public func textUprightConfidence() -> Double? {
        _ = LeptonicaPix.silenceMessages
        guard let gray = LeptonicaPix(gray: self), let binary = gray.binarizedForLayout() else { return nil }
        var up: Float = 0, left: Float = 0
        guard pixOrientDetect(binary.pointer, &up, &left, 0, 0) == 0 else { return nil }
        return Double(up)
    }

    /// The image with its background brought to one level: a shadow or a fall-off of light across a card taken
    /// out, print kept dark. The corresponding C function is `pixBackgroundNormSimple` (background estimated in
    /// tiles from the light pixels, then divided out).
    public func backgroundFlattened() -> GrayImage {
        _ = LeptonicaPix.silenceMessages
        guard let out = LeptonicaPix(gray: self)?.backgroundNormalized()?.copyGray8() else { return self }
        return out
    }

    /// leptonica's 3x3 median (`pixMedianFilter`): what `medianFiltered` must equal, kept for the test that says so.
    func leptonicaMedianFiltered() -> GrayImage {
        guard let pix = LeptonicaPix(gray: self), let filtered = LeptonicaPix(pixMedianFilter(pix.pointer, 3, 3)),
              let out = filtered.copyGray8() else { return self }
        return out
    }

    /// leptonica's top-hats (`pixTophat`, black then white): what `topHats` must equal, kept for the test that says so.
    func leptonicaTopHats(window: Int) -> (black: [UInt8], white: [UInt8])? {
        guard let pix = LeptonicaPix(gray: self),
              let black = LeptonicaPix(pixTophat(pix.pointer, Int32(window), Int32(window), l_int32(L_TOPHAT_BLACK)))?.copyGray8(),
              let white = LeptonicaPix(pixTophat(pix.pointer, Int32(window), Int32(window), l_int32(L_TOPHAT_WHITE)))?.copyGray8()
        else { return nil }
        return (black.pixels, white.pixels)
    }
}

extension LeptonicaPix {
    /// Background-normalised and thresholded to 1 bpp: dark text on light, as leptonica's layout analysis wants.
    func binarizedForLayout() -> LeptonicaPix? {
        guard let normalized = backgroundNormalized() else { return nil }
        return LeptonicaPix(pixConvertTo1(normalized.pointer, 160))
    }

    /// The background brought to one level (`pixBackgroundNormSimple`: estimated in tiles from the light pixels,
    /// then divided out).
    func backgroundNormalized() -> LeptonicaPix? {
        LeptonicaPix(pixBackgroundNormSimple(pointer, nil, nil))
    }
}
