import Foundation

extension GrayImage {
    /// The image with its edges steepened by an unsharp mask: each pixel moved away from a Gaussian blur of its
    /// neighbourhood (`sigma` pixels) by `amount` times the difference. For a line crop from a photo out of focus:
    /// its strokes are wide grey ramps that tesseract's threshold cuts into blobs (`S35 5ZP` read `Sas SP`), and
    /// steepening the ramps gives back the gaps between letters. It undoes no blur (that needs the blur's own
    /// shape, as `deblurred` does for a motion smear), and it raises noise: it is for a second reading only.
    public func unsharpMasked(sigma: Double, amount: Double) -> GrayImage {
        guard width >= 3, height >= 3, sigma > 0 else { return self }
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        // Separable blur, rows then columns, edges clamped.
        var across = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = y * stride
            for x in 0..<width {
                var sum = 0.0
                for k in -radius...radius {
                    let xx = Swift.min(Swift.max(x + k, 0), width - 1)
                    sum += kernel[k + radius] * Double(pixels[row + xx])
                }
                across[y * width + x] = sum
            }
        }
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var blurred = 0.0
                for k in -radius...radius {
                    let yy = Swift.min(Swift.max(y + k, 0), height - 1)
                    blurred += kernel[k + radius] * across[yy * width + x]
                }
                let value = Double(pixels[y * stride + x])
                out[y * width + x] = UInt8(Swift.max(0, Swift.min(255, (value + amount * (value - blurred)).rounded())))
            }
        }
        return (try? GrayImage(width: width, height: height, pixels: out)) ?? self
    }
}
