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
        // Every few columns only (a quarter of a line height apart): the level is smoothed over a line height
        // anyway, and this runs on every line of every photo, most of them evenly lit.
        let step = max(1, height / 12)
        let samples = (width + step - 1) / step
        var column = [UInt8](repeating: 0, count: height)
        let rank = min(height - 1, height * 8 / 10)
        var paper = [Double](repeating: 0, count: samples)
        for k in 0..<samples {
            let x = k * step
            for y in 0..<height { column[y] = pixels[y * stride + x] }
            column.sort()
            paper[k] = Double(column[rank])
        }
        // Bridge the columns a letter's strokes darken (max over half a line height each side), then smooth.
        let reach = max(1, height / 2 / step)
        let bridged = (0..<samples).map { k in paper[max(0, k - reach)...min(samples - 1, k + reach)].max()! }
        var sums = [Double](repeating: 0, count: samples + 1)
        for k in 0..<samples { sums[k + 1] = sums[k] + bridged[k] }
        let level = (0..<samples).map { k in
            let lo = max(0, k - reach), hi = min(samples, k + reach + 1)
            return (sums[hi] - sums[lo]) / Double(hi - lo)
        }
        guard let lightest = level.max(), let darkest = level.min(), lightest >= 1,
              darkest < unevenRatio * lightest else { return self }
        var out = [UInt8](repeating: 255, count: width * height)
        for x in 0..<width {
            // Between the two sampled columns either side.
            let k = min(samples - 1, x / step), next = min(samples - 1, k + 1)
            let t = Double(x - k * step) / Double(step)
            let gain = 255 / max(level[k] * (1 - t) + level[next] * t, 1)
            for y in 0..<height {
                out[y * width + x] = UInt8(min(255, (Double(pixels[y * stride + x]) * gain).rounded()))
            }
        }
        return try! GrayImage(width: width, height: height, pixels: out)
    }
}
