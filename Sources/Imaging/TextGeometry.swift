/// Where text in an image leans and which way up it stands, measured with leptonica's document-analysis
/// routines, so OCR can be given upright, level text. Only measurements leave this file; the image itself is
/// turned by the pure-Swift transforms, which also map coordinates back.
extension GrayImage {
    /// The angle (degrees, clockwise positive as seen) by which text lines lean, searched within ±`range`, and
    /// leptonica's confidence in it; nil when no text lines were found. Turning the image by the negative of it
    /// levels the text. The corresponding C function is `pixFindSkewSweepAndSearch`.
    public func textSkew(range: Double = 16) -> (degrees: Double, confidence: Double)? {
        _ = LeptonicaPix.silenceMessages
        guard let gray = LeptonicaPix(gray: self), let binary = gray.binarizedForLayout(),
              let skew = binary.skew(range: range) else { return nil }
        // leptonica's angle is counter-clockwise positive in its y-down image: clockwise as seen is the negative.
        return (-skew.degrees, skew.confidence)
    }

    /// Whether level text reads right way up: leptonica's ascender/descender statistics, positive for upright
    /// and negative for upside down, near zero when it cannot tell (little text). Measure after levelling.
    /// The corresponding C function is `pixOrientDetect` (its up/down confidence).
    public func textUprightConfidence() -> Double? {
        _ = LeptonicaPix.silenceMessages
        guard let gray = LeptonicaPix(gray: self), let binary = gray.binarizedForLayout() else { return nil }
        return binary.uprightConfidence()
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
        guard let out = LeptonicaPix(gray: self)?.medianFiltered(size: 3)?.copyGray8() else { return self }
        return out
    }

    /// leptonica's top-hats (`pixTophat`, black then white): what `topHats` must equal, kept for the test that says so.
    func leptonicaTopHats(window: Int) -> (black: [UInt8], white: [UInt8])? {
        guard let pix = LeptonicaPix(gray: self),
              let black = pix.topHat(window: window, black: true)?.copyGray8(),
              let white = pix.topHat(window: window, black: false)?.copyGray8()
        else { return nil }
        return (black.pixels, white.pixels)
    }
}
