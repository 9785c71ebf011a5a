import CardModel

extension GrayImage {
    /// The bounding boxes of this image's connected regions (8-connected) of pixels at least `threshold`: the
    /// strokes of a contrast image (a top-hat's), say. The corresponding C functions are `pixThresholdToBinary`,
    /// `pixInvert` and `pixConnCompBB`.
    public func componentBoxes(atLeast threshold: Int) -> [(x: Int, y: Int, width: Int, height: Int)] {
        _ = LeptonicaPix.silenceMessages
        // leptonica's binary is set *below* the threshold: inverted, the pixels at least it are the foreground.
        guard let pix = LeptonicaPix(gray: self), let binary = pix.binary(below: threshold),
              let atLeast = binary.inverted() else { return [] }
        return atLeast.componentBoxes()
    }
}
