import Imaging

/// Black and white by a local mean (a window round each pixel, less an offset), as GrayImage.binarized does, but
/// with unchecked buffers and 32-bit sums: the symbol locators run it on every photo that reaches their retry,
/// so its cost is paid on every image with no code at all.
enum LocalThreshold {
    static func binarize(_ image: GrayImage, window: Int = 31, offset: Int = 6) -> GrayImage {
        let w = image.width, h = image.height, half = max(1, window / 2), stride = image.stride
        var integral = [UInt32](repeating: 0, count: (w + 1) * (h + 1))
        var out = [UInt8](repeating: 255, count: w * h)
        image.pixels.withUnsafeBufferPointer { src in
            integral.withUnsafeMutableBufferPointer { sum in
                for y in 0..<h {
                    var row: UInt32 = 0
                    let above = y * (w + 1), here = (y + 1) * (w + 1)
                    for x in 0..<w {
                        row += UInt32(src[y * stride + x])
                        sum[here + x + 1] = sum[above + x + 1] + row
                    }
                }
                out.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<h {
                        let y0 = max(0, y - half), y1 = min(h, y + half + 1)
                        let top = y0 * (w + 1), bottom = y1 * (w + 1)
                        for x in 0..<w {
                            let x0 = max(0, x - half), x1 = min(w, x + half + 1)
                            let total = sum[bottom + x1] &- sum[top + x1] &- sum[bottom + x0] &+ sum[top + x0]
                            // value < total / area - offset (integer division), without the division:
                            // k <= floor(t / a) exactly when k * a <= t, for a > 0.
                            if (Int(src[y * stride + x]) + offset + 1) * ((y1 - y0) * (x1 - x0)) <= Int(total) { dst[y * w + x] = 0 }
                        }
                    }
                }
            }
        }
        return try! GrayImage(width: w, height: h, pixels: out)
    }
}
