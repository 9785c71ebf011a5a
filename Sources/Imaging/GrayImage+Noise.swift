extension GrayImage {
    /// The standard deviation of the sensor noise, in grey levels, estimated robustly: Immerkær's mask (the
    /// difference of two Laplacians, which cancels smooth shading and leaves noise) taken over every pixel, and
    /// the lower quartile of its magnitude instead of the mean, so that edges, print and bars — pixels where the
    /// mask answers to the picture, not the noise — count only when they cover most of the image. A photo taken
    /// in good light reads under about 1; a dim webcam frame 3.5 or more. An image that is almost all edges (a
    /// rendered code with modules a pixel wide) reads high whatever its noise.
    public func noiseLevel() -> Double {
        guard width >= 3, height >= 3 else { return 0 }
        // |mask response| is at most 16 * 255; a histogram gives the quartile in one pass.
        var histogram = [Int](repeating: 0, count: 16 * 255 + 1)
        var count = 0
        pixels.withUnsafeBufferPointer { p in
            let s = stride
            // Every second row: the estimate is a quartile of hundreds of thousands of pixels either way.
            for y in Swift.stride(from: 1, to: height - 1, by: 2) {
                let above = (y - 1) * s, row = y * s, below = (y + 1) * s
                for x in 1..<(width - 1) {
                    let corners = Int(p[above + x - 1]) + Int(p[above + x + 1]) + Int(p[below + x - 1]) + Int(p[below + x + 1])
                    let sides = Int(p[above + x]) + Int(p[row + x - 1]) + Int(p[row + x + 1]) + Int(p[below + x])
                    histogram[abs(corners - 2 * sides + 4 * Int(p[row + x]))] += 1
                    count += 1
                }
            }
        }
        var seen = 0, quartile = 0
        for (value, n) in histogram.enumerated() {
            seen += n
            if 4 * seen >= count { quartile = value; break }
        }
        // For Gaussian noise of deviation σ the mask's response has deviation 6σ, and a quarter of a normal
        // variable's magnitudes lie under 0.3186 of its deviation.
        return Double(quartile) / (6 * 0.3186)
    }
}

extension GrayImage {
    /// A light blur (the binomial 1-2-1 filter across and down, a Gaussian of about 0.7 px): takes sensor noise
    /// off edges that decoders follow, and unlike a median keeps modules a pixel or two wide.
    public func smoothed() -> GrayImage {
        let w = width, h = height, s = stride
        guard w >= 3, h >= 3 else { return self }
        var across = [UInt16](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { p in
            across.withUnsafeMutableBufferPointer { a in
                for y in 0..<h {
                    let row = y * s, out = y * w
                    a[out] = UInt16(p[row]) * 3 + UInt16(p[row + 1])
                    for x in 1..<(w - 1) {
                        a[out + x] = UInt16(p[row + x - 1]) + 2 * UInt16(p[row + x]) + UInt16(p[row + x + 1])
                    }
                    a[out + w - 1] = UInt16(p[row + w - 2]) + UInt16(p[row + w - 1]) * 3
                }
            }
        }
        var out = [UInt8](repeating: 0, count: w * h)
        across.withUnsafeBufferPointer { a in
            out.withUnsafeMutableBufferPointer { o in
                for y in 0..<h {
                    let above = max(y - 1, 0) * w, row = y * w, below = min(y + 1, h - 1) * w
                    for x in 0..<w {
                        // Sum of weights 16; +8 rounds.
                        let sum: UInt32 = UInt32(a[above + x]) + 2 * UInt32(a[row + x]) + UInt32(a[below + x])
                        o[row + x] = UInt8((sum + 8) >> 4)
                    }
                }
            }
        }
        return try! GrayImage(width: w, height: h, pixels: out)
    }
}
