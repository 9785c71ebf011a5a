import Foundation

/// A straight smear, as a hand moving a card (or a camera) during the exposure leaves it: every point spread along
/// a line `length` pixels long at `degrees` (counter-clockwise from the x axis, with y pointing up).
///
/// Tesseract cannot read text smeared by more than about half a stroke width, and no binarisation recovers it;
/// but a smear along a line is a known blur: its spectrum has zeros spaced 1/length apart across the smear's
/// direction, which the cepstrum (the spectrum of the log spectrum) shows as a dip at distance `length` in that
/// direction. `GrayImage.motionBlur()` finds that dip; `deblurred(_:)` undoes the smear by Wiener deconvolution.
public struct MotionBlur: Sendable, Equatable {
    public let degrees: Double
    public let length: Double
    /// Depth of the cepstral dip in standard deviations of the cepstrum around it: how sure the estimate is.
    public let strength: Double

    public init(degrees: Double, length: Double, strength: Double) {
        self.degrees = degrees; self.length = length; self.strength = strength
    }

    /// Dips shallower than this are the texture of print and backgrounds (most photos without a smear stay under
    /// about 0.1 on cards, labels and letters); smears of 5 px and more give 0.12-0.25.
    public static let clearDip = 0.12
    /// The shortest smear worth undoing: shorter ones cost tesseract little, and the cepstrum cannot tell them
    /// from stroke widths.
    public static let shortest = 3.5
    static let longest = 16.0
    /// Side of the tiles whose spectra are averaged, and the least contrast a tile needs to be counted (a bare
    /// desk or card face carries no information about the smear).
    static let tile = 128
    static let flatTile = 8.0
    static let mostTiles = 48
    /// Noise-to-signal ratio of the Wiener filter: higher keeps noise down, lower restores more edge.
    static let noiseToSignal = 0.01
}

extension GrayImage {
    /// The smear across this image, when its spectrum shows a clear one; nil for a sharp (or evenly blurred)
    /// image. About 20 ms on a 1280x720 frame (release): it looks at up to `mostTiles` tiles.
    public func motionBlur() -> MotionBlur? {
        let side = MotionBlur.tile
        guard width >= side, height >= side else { return nil }
        let window = (0..<side).map { 0.5 - 0.5 * cos(2 * .pi * Double($0) / Double(side - 1)) }
        // Tiles with print in them, evenly chosen when there are more than enough.
        var origins: [(Int, Int)] = []
        // Overlapping tiles on a frame; side by side on a large scan, where there are plenty and looking at each
        // costs time.
        let step = pixelCount > 4_000_000 ? side : side / 2
        for y in Swift.stride(from: 0, through: height - side, by: step) {
            for x in Swift.stride(from: 0, through: width - side, by: step) where tileDeviation(x, y, side) >= MotionBlur.flatTile {
                origins.append((x, y))
            }
        }
        guard origins.count >= 4 else { return nil }
        if origins.count > MotionBlur.mostTiles {
            let step = Double(origins.count) / Double(MotionBlur.mostTiles)
            origins = (0..<MotionBlur.mostTiles).map { origins[Int(Double($0) * step)] }
        }
        var logSpectrum = [Double](repeating: 0, count: side * side)
        var grid = FourierGrid(width: side, height: side)
        // Two real tiles per complex transform (one as the real part, one as the imaginary), separated after by
        // the transform's symmetry: half the work.
        func load(_ origin: (Int, Int), into plane: inout [Double]) {
            let (x0, y0) = origin
            var mean = 0.0
            for y in 0..<side { for x in 0..<side { mean += Double(self[x0 + x, y0 + y]) } }
            mean /= Double(side * side)
            for y in 0..<side {
                for x in 0..<side { plane[y * side + x] = (Double(self[x0 + x, y0 + y]) - mean) * window[x] * window[y] }
            }
        }
        var pairs = 0
        for pair in Swift.stride(from: 0, to: origins.count - 1, by: 2) {
            load(origins[pair], into: &grid.real)
            load(origins[pair + 1], into: &grid.imaginary)
            grid.transform()
            // A real tile's spectrum is symmetric (|F(u,v)| = |F(-u,-v)|): half the rows, mirrored after.
            for v in 0...(side / 2) {
                for u in 0..<side {
                    let i = v * side + u, j = ((side - v) % side) * side + (side - u) % side
                    let (zr, zi, wr, wi) = (grid.real[i], grid.imaginary[i], grid.real[j], -grid.imaginary[j])
                    let first = ((zr + wr) * (zr + wr) + (zi + wi) * (zi + wi)).squareRoot() / 2
                    let second = ((zr - wr) * (zr - wr) + (zi - wi) * (zi - wi)).squareRoot() / 2
                    logSpectrum[i] += log((first + 0.01) * (second + 0.01))
                }
            }
            pairs += 1
        }
        for v in (side / 2 + 1)..<side {
            for u in 0..<side { logSpectrum[v * side + u] = logSpectrum[(side - v) * side + (side - u) % side] }
        }
        let tiles = pairs * 2
        grid.real = logSpectrum.map { $0 / Double(tiles) }
        grid.imaginary = [Double](repeating: 0, count: side * side)
        grid.transform(inverse: true)
        let cepstrum = grid.real
        func at(_ dx: Int, _ dy: Int) -> Double { cepstrum[((dy % side + side) % side) * side + (dx % side + side) % side] }
        func sample(_ x: Double, _ y: Double) -> Double {
            let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down)), fx = x - Double(x0), fy = y - Double(y0)
            return at(x0, y0) * (1 - fx) * (1 - fy) + at(x0 + 1, y0) * fx * (1 - fy)
                + at(x0, y0 + 1) * (1 - fx) * fy + at(x0 + 1, y0 + 1) * fx * fy
        }
        var sum = 0.0, squares = 0.0
        for dy in -24..<24 { for dx in -24..<24 { let v = at(dx, dy); sum += v; squares += v * v } }
        let count = 48.0 * 48.0, deviation = (squares / count - (sum / count) * (sum / count)).squareRoot()
        guard deviation > 0 else { return nil }
        var best = (value: 0.0, degrees: 0.0, length: 0.0)
        for degrees in Swift.stride(from: 0.0, to: 180.0, by: 2.0) {
            let t = degrees * .pi / 180
            for length in Swift.stride(from: MotionBlur.shortest, to: MotionBlur.longest, by: 0.5) {
                let x = length * cos(t), y = -length * sin(t)
                if Self.onJPEGGrid(x, y) { continue }
                let value = sample(x, y)
                if value < best.value { best = (value, degrees, length) }
            }
        }
        let strength = -best.value / deviation
        guard strength >= MotionBlur.clearDip else { return nil }
        return MotionBlur(degrees: best.degrees, length: best.length, strength: strength)
    }

    /// The image with `blur` undone (Wiener deconvolution), same size. The image is extended to a power of two
    /// by blending each edge into the opposite one, so the transform sees no seam to ring at.
    public func deblurred(_ blur: MotionBlur) -> GrayImage {
        var paddedWidth = 1, paddedHeight = 1
        while paddedWidth < width + 32 { paddedWidth *= 2 }
        while paddedHeight < height + 32 { paddedHeight *= 2 }
        var picture = FourierGrid(width: paddedWidth, height: paddedHeight)
        for y in 0..<height {
            let row = y * paddedWidth, first = Double(self[0, y]), last = Double(self[width - 1, y])
            for x in 0..<width { picture.real[row + x] = Double(self[x, y]) }
            let gap = Double(paddedWidth - width + 1)
            for x in width..<paddedWidth {
                let t = Double(x - width + 1) / gap
                picture.real[row + x] = (1 - t) * last + t * first
            }
        }
        let gap = Double(paddedHeight - height + 1)
        for y in height..<paddedHeight {
            let t = Double(y - height + 1) / gap
            for x in 0..<paddedWidth {
                picture.real[y * paddedWidth + x] = (1 - t) * picture.real[(height - 1) * paddedWidth + x] + t * picture.real[x]
            }
        }
        // The smear as a kernel centred on the origin (wrapped), sampled finely along its line. It goes into the
        // imaginary part of the same transform as the picture (both are real): one forward transform, not two.
        let t = blur.degrees * .pi / 180, samples = Int(blur.length * 8) + 1
        for i in 0..<samples {
            let s = -blur.length / 2 + blur.length * Double(i) / Double(samples - 1)
            let x = s * cos(t), y = -s * sin(t)
            let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down)), fx = x - Double(x0), fy = y - Double(y0)
            for (dx, dy, weight) in [(0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy)] {
                let px = ((x0 + dx) % paddedWidth + paddedWidth) % paddedWidth
                let py = ((y0 + dy) % paddedHeight + paddedHeight) % paddedHeight
                picture.imaginary[py * paddedWidth + px] += weight / Double(samples)
            }
        }
        picture.transform()
        // Z = G + iH: G[k] = (Z[k] + conj Z[-k]) / 2, H[k] = (Z[k] - conj Z[-k]) / 2i; then G conj(H) / (|H|² + K).
        func filtered(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> (Double, Double) {
            let gr = (a + c) / 2, gi = (b - d) / 2, hr = (b + d) / 2, hi = (c - a) / 2
            let denominator = hr * hr + hi * hi + MotionBlur.noiseToSignal
            return ((gr * hr + gi * hi) / denominator, (gi * hr - gr * hi) / denominator)
        }
        for v in 0...(paddedHeight / 2) {
            let mirrorRow = (paddedHeight - v) % paddedHeight
            for u in 0..<paddedWidth {
                let i = v * paddedWidth + u, j = mirrorRow * paddedWidth + (paddedWidth - u) % paddedWidth
                if (v == 0 || v == paddedHeight / 2) && j < i { continue }  // that pair was done from its other end
                let (a, b, c, d) = (picture.real[i], picture.imaginary[i], picture.real[j], picture.imaginary[j])
                let here = filtered(a, b, c, d), there = filtered(c, d, a, b)
                picture.real[i] = here.0; picture.imaginary[i] = here.1
                picture.real[j] = there.0; picture.imaginary[j] = there.1
            }
        }
        picture.transform(inverse: true)
        var out = GrayImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                out[x, y] = UInt8(max(0, min(255, picture.real[y * paddedWidth + x].rounded())))
            }
        }
        return out
    }

    /// JPEG codes a photo in 8x8 blocks, and the blocks' edges repeat every 8 pixels across and down: that
    /// shows in the cepstrum as dips at 4, 8, 12 and 16 pixels along the axes, which are not smears.
    private static func onJPEGGrid(_ x: Double, _ y: Double) -> Bool {
        func nearBlockMultiple(_ v: Double) -> Bool { let a = abs(v); return a >= 3 && abs(a / 4 - (a / 4).rounded()) * 4 <= 0.5 }
        return (abs(y) <= 1 && nearBlockMultiple(x)) || (abs(x) <= 1 && nearBlockMultiple(y))
    }

    private func tileDeviation(_ x0: Int, _ y0: Int, _ side: Int) -> Double {
        var sum = 0, squares = 0
        // Every other pixel: enough to tell print from a bare surface.
        for y in Swift.stride(from: y0, to: y0 + side, by: 2) {
            for x in Swift.stride(from: x0, to: x0 + side, by: 2) { let v = Int(self[x, y]); sum += v; squares += v * v }
        }
        let n = Double((side / 2) * (side / 2)), mean = Double(sum) / n
        return max(0, Double(squares) / n - mean * mean).squareRoot()
    }
}
