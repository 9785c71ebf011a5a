extension GrayImage {
    /// A 3x3 median filter: removes sensor and JPEG speckle without blurring letter edges. Edge pixels see their
    /// row or column repeated, as leptonica's `pixMedianFilter` does, and the output equals it pixel for pixel
    /// (ImagingTests checks on photos); this one is about ten times faster, and the text reader runs it on every
    /// working image and every block it reads.
    ///
    /// Each column of three is sorted once per row and shared by the three windows that hold it; the median of
    /// the nine is then the middle of (largest low, middle of middles, smallest high) — Paeth's network.
    public func medianFiltered() -> GrayImage {
        let w = width, h = height, stride = self.stride
        var out = [UInt8](repeating: 0, count: w * h)
        // Sorted columns with one repeated column at each end (index x + 1 holds column x).
        var low = [UInt8](repeating: 0, count: w + 2), middle = low, high = low
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                low.withUnsafeMutableBufferPointer { lo in
                    middle.withUnsafeMutableBufferPointer { mi in
                        high.withUnsafeMutableBufferPointer { hi in
                            for y in 0..<h {
                                let above = max(y - 1, 0) * stride, row = y * stride, below = min(y + 1, h - 1) * stride
                                for x in 0..<w {
                                    var a = source[above + x], b = source[row + x], c = source[below + x]
                                    if a > b { swap(&a, &b) }
                                    if b > c { swap(&b, &c) }
                                    if a > b { swap(&a, &b) }
                                    lo[x + 1] = a; mi[x + 1] = b; hi[x + 1] = c
                                }
                                lo[0] = lo[1]; mi[0] = mi[1]; hi[0] = hi[1]
                                lo[w + 1] = lo[w]; mi[w + 1] = mi[w]; hi[w + 1] = hi[w]
                                let outRow = y * w
                                for x in 0..<w {
                                    let largestLow = max(lo[x], lo[x + 1], lo[x + 2])
                                    let smallestHigh = min(hi[x], hi[x + 1], hi[x + 2])
                                    let middleOfMiddles = Self.middle(mi[x], mi[x + 1], mi[x + 2])
                                    target[outRow + x] = Self.middle(largestLow, middleOfMiddles, smallestHigh)
                                }
                            }
                        }
                    }
                }
            }
        }
        return try! GrayImage(width: w, height: h, pixels: out)
    }

    @inline(__always) private static func middle(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        max(min(a, b), min(max(a, b), c))
    }
}
