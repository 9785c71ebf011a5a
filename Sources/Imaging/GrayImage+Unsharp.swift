import Foundation

extension GrayImage {
    /// The image with its edges steepened by an unsharp mask: each pixel moved away from a Gaussian blur of its
    /// neighbourhood (`sigma` pixels) by `amount` times the difference. For a line crop from a photo out of focus:
    /// its strokes are wide grey ramps that tesseract's threshold cuts into blobs (`S35 5ZP` read `Sas SP`), and
    /// steepening the ramps gives back the gaps between letters. The same holds for a barcode's bars, which
    /// zxing's binarizer merges (`BarcodeReader`'s sharpened look). It undoes no blur (that needs the blur's own
    /// shape, as `deblurred` does for a motion smear), and it raises noise: it is for a second reading only.
    public func unsharpMasked(sigma: Double, amount: Double) -> GrayImage {
        guard width >= 3, height >= 3, sigma > 0 else { return self }
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let (w, h, s, taps) = (width, height, stride, 2 * radius + 1)
        // Separable blur, rows then columns, edges clamped. Each pixel's sum runs over the kernel in the same
        // order as a plain loop would; the interior skips the clamping, and the column pass walks whole rows (a
        // whole 1280x720 photo is sharpened for the barcode reader, not only line crops).
        var across = [Double](repeating: 0, count: w * h)
        var out = [UInt8](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { src in
            kernel.withUnsafeBufferPointer { kern in
                across.withUnsafeMutableBufferPointer { rows in
                    for y in 0..<h {
                        let row = y * s
                        for x in 0..<w {
                            var sum = 0.0
                            if x >= radius, x + radius < w {
                                let first = row + x - radius
                                for k in 0..<taps { sum += kern[k] * Double(src[first + k]) }
                            } else {
                                for k in 0..<taps { sum += kern[k] * Double(src[row + Swift.min(Swift.max(x + k - radius, 0), w - 1)]) }
                            }
                            rows[y * w + x] = sum
                        }
                    }
                }
                across.withUnsafeBufferPointer { rows in
                    out.withUnsafeMutableBufferPointer { dst in
                        var blurred = [Double](repeating: 0, count: w)
                        for y in 0..<h {
                            for x in 0..<w { blurred[x] = 0 }
                            for k in 0..<taps {
                                let from = Swift.min(Swift.max(y + k - radius, 0), h - 1) * w
                                let weight = kern[k]
                                for x in 0..<w { blurred[x] += weight * rows[from + x] }
                            }
                            for x in 0..<w {
                                let value = Double(src[y * s + x])
                                dst[y * w + x] = UInt8(Swift.max(0, Swift.min(255, (value + amount * (value - blurred[x])).rounded())))
                            }
                        }
                    }
                }
            }
        }
        return (try? GrayImage(width: width, height: height, pixels: out)) ?? self
    }
}
