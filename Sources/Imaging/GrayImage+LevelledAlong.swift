extension GrayImage {
    /// A line crop (print running along x) with the paper's light level made even along it, when it is uneven: each
    /// pixel divided by the paper's level in its column, so the paper comes out white all along and the print keeps
    /// its darkness relative to the paper around it.
    ///
    /// Why: tesseract binarises a line at one grey level (Otsu over the crop). A shadow or a light falling off
    /// across a card makes one end of a line's paper darker than the other end's print; that end is then all ink
    /// to the threshold and its words are lost (`Name: Jamie Specimen` read `amie Specimen`, the shadowed end
    /// gone, although the crop is sharp and the detector's box whole).
    ///
    /// The paper's level in a column is the level 80% of its pixels lie under (a line crop is mostly paper: print
    /// covers well under the other 20% of a column once the max over a letter's width is taken), smoothed along the
    /// line over about a line height so letters and the gaps between them do not show in it. `unevenRatio`: the
    /// crop is levelled only when its darkest paper is under this share of its lightest (a crop lit evenly is
    /// returned as it is, byte for byte).
    public func levelledAlong(unevenRatio: Double = 0.8) -> GrayImage {
        guard width >= 8, height >= 8 else { return self }
        var column = [UInt8](repeating: 0, count: height)
        let rank = min(height - 1, height * 8 / 10)
        var paper = [Double](repeating: 0, count: width)
        for x in 0..<width {
            for y in 0..<height { column[y] = pixels[y * stride + x] }
            column.sort()
            paper[x] = Double(column[rank])
        }
        // Bridge the columns a letter's strokes darken (max over half a line height each side), then smooth.
        let reach = max(1, height / 2)
        let bridged = (0..<width).map { x in paper[max(0, x - reach)...min(width - 1, x + reach)].max()! }
        var sums = [Double](repeating: 0, count: width + 1)
        for x in 0..<width { sums[x + 1] = sums[x] + bridged[x] }
        let level = (0..<width).map { x in
            let lo = max(0, x - reach), hi = min(width, x + reach + 1)
            return (sums[hi] - sums[lo]) / Double(hi - lo)
        }
        guard let lightest = level.max(), let darkest = level.min(), lightest >= 1,
              darkest < unevenRatio * lightest else { return self }
        var out = [UInt8](repeating: 255, count: width * height)
        for x in 0..<width {
            let gain = 255 / max(level[x], 1)
            for y in 0..<height {
                out[y * width + x] = UInt8(min(255, (Double(pixels[y * stride + x]) * gain).rounded()))
            }
        }
        return try! GrayImage(width: width, height: height, pixels: out)
    }
}
