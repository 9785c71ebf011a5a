extension GrayImage {
    /// Black where a pixel is darker than the mean of the `window`-square around it by more than `offset` levels,
    /// white elsewhere. Tesseract thresholds a whole block at one level (Otsu), which loses faint print — grey
    /// text, or print under glare — beside dark print; a threshold that follows the local light keeps it.
    /// (ImageMagick's `-lat`; an integral image makes it one pass whatever the window.)
    public func locallyThresholded(window: Int = 61, offset: Int = 20) -> GrayImage {
        let w = width, h = height, stride1 = w + 1
        var integral = [Int](repeating: 0, count: (w + 1) * (h + 1))
        for y in 0..<h {
            var row = 0
            for x in 0..<w {
                row += Int(self[x, y])
                integral[(y + 1) * stride1 + x + 1] = integral[y * stride1 + x + 1] + row
            }
        }
        let half = window / 2
        var out = GrayImage(width: w, height: h)
        for y in 0..<h {
            let y0 = max(0, y - half), y1 = min(h, y + half + 1)
            for x in 0..<w {
                let x0 = max(0, x - half), x1 = min(w, x + half + 1)
                let sum = integral[y1 * stride1 + x1] - integral[y0 * stride1 + x1] - integral[y1 * stride1 + x0] + integral[y0 * stride1 + x0]
                let area = (y1 - y0) * (x1 - x0)
                out[x, y] = Int(self[x, y]) * area < sum - offset * area ? 0 : 255
            }
        }
        return out
    }
}
