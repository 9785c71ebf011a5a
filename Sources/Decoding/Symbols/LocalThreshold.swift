import Imaging

/// Black and white by a local mean (a window round each pixel, less an offset), as GrayImage.binarized does, but
/// with unchecked buffers and a sliding window: the symbol locators run it on every photo that reaches their retry,
/// so its cost is paid on every image with no code at all.
enum LocalThreshold {
    static func binarize(_ image: GrayImage, window: Int = 31, offset: Int = 6) -> GrayImage {
        let w = image.width, h = image.height, half = max(1, window / 2), stride = image.stride
        var out = [UInt8](repeating: 255, count: w * h)
        // The window's sums slide: each column's sum over the window's rows is kept (a row enters below, one leaves
        // above), and a row's running total of those gives any window's sum in two reads. The same integer sums as
        // an integral image of the whole photo, without writing and re-reading one.
        var columnSums = [Int](repeating: 0, count: w)
        var prefix = [Int](repeating: 0, count: w + 1)
        image.pixels.withUnsafeBufferPointer { src in
            columnSums.withUnsafeMutableBufferPointer { columns in
                prefix.withUnsafeMutableBufferPointer { prefix in
                    out.withUnsafeMutableBufferPointer { dst in
                        // The window of row 0: rows 0 ..< min(h, half + 1).
                        for y in 0..<min(h, half + 1) {
                            for x in 0..<w { columns[x] &+= Int(src[y * stride + x]) }
                        }
                        for y in 0..<h {
                            if y > 0 {
                                let entering = y + half, leaving = y - half - 1
                                if entering < h { for x in 0..<w { columns[x] &+= Int(src[entering * stride + x]) } }
                                if leaving >= 0 { for x in 0..<w { columns[x] &-= Int(src[leaving * stride + x]) } }
                            }
                            for x in 0..<w { prefix[x + 1] = prefix[x] &+ columns[x] }
                            let rows = min(h, y + half + 1) - max(0, y - half)
                            for x in 0..<w {
                                let x0 = max(0, x - half), x1 = min(w, x + half + 1)
                                let total = prefix[x1] &- prefix[x0]
                                // value < total / area - offset (integer division), without the division:
                                // k <= floor(t / a) exactly when k * a <= t, for a > 0.
                                if (Int(src[y * stride + x]) + offset + 1) * (rows * (x1 - x0)) <= total { dst[y * w + x] = 0 }
                            }
                        }
                    }
                }
            }
        }
        return try! GrayImage(width: w, height: h, pixels: out)
    }
}
