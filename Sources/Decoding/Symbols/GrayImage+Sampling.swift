import Imaging

// Reading a photo at fractional positions: symbol sampling asks for the value at a module's centre, which never
// falls on a pixel.
extension GrayImage {
    /// Bilinear value at (x, y), pixel centres at integer coordinates; outside the image it is `outside`.
    /// A point that is not finite is outside too: a view's margin around a steeply foreshortened quadrilateral can
    /// reach the perspective's horizon, where the mapping gives infinity or NaN (seen: random bars on paper at a
    /// steep angle, taken for a Data Matrix outline, stopped the process converting NaN to Int).
    func sample(_ p: PointF, outside: Double = 255) -> Double {
        // Compared as Doubles first: NaN fails every comparison, and a huge or infinite value never reaches Int().
        guard p.x >= 0, p.y >= 0, p.x < Double(width), p.y < Double(height) else { return outside }
        let x0 = Int(p.x.rounded(.down)), y0 = Int(p.y.rounded(.down))
        let x1 = Swift.min(x0 + 1, width - 1), y1 = Swift.min(y0 + 1, height - 1)
        let fx = p.x - Double(x0), fy = p.y - Double(y0)
        let row0 = y0 * stride, row1 = y1 * stride
        let top = Double(pixels[row0 + x0]) * (1 - fx) + Double(pixels[row0 + x1]) * fx
        let bottom = Double(pixels[row1 + x0]) * (1 - fx) + Double(pixels[row1 + x1]) * fx
        return top * (1 - fy) + bottom * fy
    }

    /// A `width` x `height` image whose pixel (i, j) is this image at `sourcePoint(i, j)` (a rectified view of a
    /// symbol: its analysis then works on rows and columns instead of slanted lines).
    func resampled(width w: Int, height h: Int, _ sourcePoint: (Int, Int) -> PointF) -> GrayImage {
        // `sample`'s arithmetic, in the same order, on raw buffers: building views was 7% of a codeless photo's
        // barcode time with bounds-checked reads.
        var out = [UInt8](repeating: 255, count: w * h)
        let sourceWidth = width, sourceHeight = height, stride = self.stride
        pixels.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { dst in
                for j in 0..<h {
                    for i in 0..<w {
                        let p = sourcePoint(i, j)
                        guard p.x >= 0, p.y >= 0, p.x < Double(sourceWidth), p.y < Double(sourceHeight) else { continue }
                        let x0 = Int(p.x.rounded(.down)), y0 = Int(p.y.rounded(.down))
                        let x1 = Swift.min(x0 + 1, sourceWidth - 1), y1 = Swift.min(y0 + 1, sourceHeight - 1)
                        let fx = p.x - Double(x0), fy = p.y - Double(y0)
                        let row0 = y0 * stride, row1 = y1 * stride
                        let top = Double(px[row0 + x0]) * (1 - fx) + Double(px[row0 + x1]) * fx
                        let bottom = Double(px[row1 + x0]) * (1 - fx) + Double(px[row1 + x1]) * fx
                        dst[j * w + i] = UInt8(Swift.max(0, Swift.min(255, (top * (1 - fy) + bottom * fy).rounded())))
                    }
                }
            }
        }
        return try! GrayImage(width: w, height: h, pixels: out)
    }
}

/// Otsu's threshold of a set of grey values: the split that best separates dark from light. A symbol's modules
/// are two populations, which is exactly the case it is optimal for.
func otsuThreshold(_ values: [UInt8]) -> Int {
    var histogram = [Int](repeating: 0, count: 256)
    for v in values { histogram[Int(v)] += 1 }
    let total = values.count
    let sumAll = histogram.enumerated().reduce(0) { $0 + $1.offset * $1.element }
    var (best, bestScore, weightBelow, sumBelow) = (128, -1.0, 0, 0)
    for t in 0..<256 {
        weightBelow += histogram[t]
        sumBelow += t * histogram[t]
        let weightAbove = total - weightBelow
        guard weightBelow > 0, weightAbove > 0 else { continue }
        let meanBelow = Double(sumBelow) / Double(weightBelow)
        let meanAbove = Double(sumAll - sumBelow) / Double(weightAbove)
        let score = Double(weightBelow) * Double(weightAbove) * (meanBelow - meanAbove) * (meanBelow - meanAbove)
        if score > bestScore { bestScore = score; best = t }
    }
    return best
}
