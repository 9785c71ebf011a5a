// Geometric and tonal transforms used to retry a decode and to turn photos upright. Pure Swift on purpose:
// they run on small images in a tight retry budget, and staying out of C keeps every pointer in one place.

extension GrayImage {
    private func remapped(width w: Int, height h: Int, _ source: (Int, Int) -> Int) -> GrayImage {
        var out = [UInt8](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h { for x in 0..<w { dst[y * w + x] = src[source(x, y)] } }
            }
        }
        return try! GrayImage(width: w, height: h, pixels: out)
    }

    public func rotated90Clockwise() -> GrayImage {
        remapped(width: height, height: width) { x, y in (height - 1 - x) * stride + y }
    }
    public func rotated90CounterClockwise() -> GrayImage {
        remapped(width: height, height: width) { x, y in x * stride + (width - 1 - y) }
    }
    public func rotated180() -> GrayImage {
        remapped(width: width, height: height) { x, y in (height - 1 - y) * stride + (width - 1 - x) }
    }
    public func flippedHorizontally() -> GrayImage {
        remapped(width: width, height: height) { x, y in y * stride + (width - 1 - x) }
    }
    /// Rows and columns swapped, in tiles that stay in cache (the letter marks' top-hats transpose four frames a
    /// photo; a column-by-column walk of the source missed the cache on every pixel).
    public func transposed() -> GrayImage {
        var out = [UInt8](repeating: 0, count: width * height)
        let w = width, h = height, stride = self.stride, tile = 32
        pixels.withUnsafeBufferPointer { source in out.withUnsafeMutableBufferPointer { target in
            let source = source.baseAddress!, target = target.baseAddress!
            for top in Swift.stride(from: 0, to: h, by: tile) {
                let bottom = Swift.min(top + tile, h)
                for left in Swift.stride(from: 0, to: w, by: tile) {
                    for y in top..<bottom {
                        let row = source + y * stride
                        for x in left..<Swift.min(left + tile, w) { target[x &* h &+ y] = row[x] }
                    }
                }
            }
        } }
        return try! GrayImage(width: h, height: w, pixels: out)
    }

    /// Light and dark swapped (codes printed light on dark).
    public func inverted() -> GrayImage {
        var copy = self
        for i in copy.pixels.indices { copy.pixels[i] = 255 &- copy.pixels[i] }
        return copy
    }

    /// This image on a larger canvas of `value` (white), `border` pixels each side.
    public func padded(by border: Int, value: UInt8 = 255) -> GrayImage {
        let w = width + 2 * border, h = height + 2 * border
        var out = [UInt8](repeating: value, count: w * h)
        for y in 0..<height {
            out.replaceSubrange(((y + border) * w + border)..<((y + border) * w + border + width),
                                with: pixels[(y * stride)..<(y * stride + width)])
        }
        return try! GrayImage(width: w, height: h, pixels: out)
    }

    /// Paints a rectangle (edges included, clamped to the image) with one value.
    public mutating func fill(left: Int, top: Int, right: Int, bottom: Int, with value: UInt8) {
        let x0 = max(0, left), x1 = min(width - 1, right), y0 = max(0, top), y1 = min(height - 1, bottom)
        guard x0 <= x1, y0 <= y1 else { return }
        for y in y0...y1 { pixels.replaceSubrange((y * stride + x0)...(y * stride + x1), with: repeatElement(value, count: x1 - x0 + 1)) }
    }

    /// A rectangle of this image, clamped to its edges.
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> GrayImage {
        let x0 = max(0, min(x, width - 1)), y0 = max(0, min(y, height - 1))
        let w1 = max(1, min(w, width - x0)), h1 = max(1, min(h, height - y0))
        return remapped(width: w1, height: h1) { cx, cy in (y0 + cy) * stride + x0 + cx }
    }

    /// Resized by `factor`: box-averaged when shrinking, so thin bars are not dropped; bicubic (Catmull-Rom)
    /// when growing, whose slight overshoot keeps blurred bar edges steep — bilinear upscaling of a blurred
    /// EAN-13 photo left it unreadable where Catmull-Rom made it readable.
    public func scaled(by factor: Double) -> GrayImage {
        let w = max(1, Int((Double(width) * factor).rounded())), h = max(1, Int((Double(height) * factor).rounded()))
        if factor < 1 { return boxDownscaled(toWidth: w, height: h) }
        return bicubicUpscaled(toWidth: w, height: h)
    }

    private func bicubicUpscaled(toWidth w: Int, height h: Int) -> GrayImage {
        // Separable: rows first into a Float buffer, then columns.
        func weights(_ t: Double) -> (Double, Double, Double, Double) {
            let t2 = t * t, t3 = t2 * t
            return (-0.5 * t3 + t2 - 0.5 * t, 1.5 * t3 - 2.5 * t2 + 1, -1.5 * t3 + 2 * t2 + 0.5 * t, 0.5 * t3 - 0.5 * t2)
        }
        func taps(_ count: Int, _ source: Int) -> [(Int, Int, Int, Int, (Double, Double, Double, Double))] {
            (0..<count).map { o in
                let s = (Double(o) + 0.5) * Double(source) / Double(count) - 0.5
                let i = Int(s.rounded(.down))
                func c(_ k: Int) -> Int { Swift.max(0, Swift.min(source - 1, k)) }
                return (c(i - 1), c(i), c(i + 1), c(i + 2), weights(s - Double(i)))
            }
        }
        let xTaps = taps(w, width), yTaps = taps(h, height)
        var rows = [Double](repeating: 0, count: w * height)
        pixels.withUnsafeBufferPointer { src in
            for y in 0..<height {
                let row = y * stride
                for x in 0..<w {
                    let (a, b, c, d, k) = xTaps[x]
                    rows[y * w + x] = Double(src[row + a]) * k.0 + Double(src[row + b]) * k.1
                        + Double(src[row + c]) * k.2 + Double(src[row + d]) * k.3
                }
            }
        }
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            let (a, b, c, d, k) = yTaps[y]
            for x in 0..<w {
                let v = rows[a * w + x] * k.0 + rows[b * w + x] * k.1 + rows[c * w + x] * k.2 + rows[d * w + x] * k.3
                out[y * w + x] = UInt8(Swift.max(0, Swift.min(255, v.rounded())))
            }
        }
        return try! GrayImage(width: w, height: h, pixels: out)
    }

    private func boxDownscaled(toWidth w: Int, height h: Int) -> GrayImage {
        var result = [UInt8](repeating: 0, count: w * h)
        // Each output column's source columns, worked out once rather than on every row.
        let columns = (0..<w).map { x in
            let sx0 = x * width / w
            return (sx0, max(sx0 + 1, (x + 1) * width / w))
        }
        // Per output row, its source rows are first summed column by column (a loop over whole rows, which the
        // compiler can vectorise), then each output pixel adds its columns' sums: the same integer sums as adding
        // each box pixel by pixel, with no short inner loops (shrinking was 4% of the samples of a codeless
        // photo's barcode time: every retry plan makes two small copies of the photo to measure its stripes' angle).
        var columnSums = [Int](repeating: 0, count: width)
        pixels.withUnsafeBufferPointer { src in result.withUnsafeMutableBufferPointer { out in
            columnSums.withUnsafeMutableBufferPointer { sums in columns.withUnsafeBufferPointer { columns in
                for y in 0..<h {
                    let sy0 = y * height / h, sy1 = max(sy0 + 1, (y + 1) * height / h)
                    let first = sy0 * stride
                    for sx in 0..<width { sums[sx] = Int(src[first + sx]) }
                    for sy in (sy0 + 1)..<sy1 {
                        let row = sy * stride
                        for sx in 0..<width { sums[sx] &+= Int(src[row + sx]) }
                    }
                    let rows = sy1 - sy0
                    for x in 0..<w {
                        let (sx0, sx1) = columns[x]
                        var sum = 0
                        for sx in sx0..<sx1 { sum &+= sums[sx] }
                        out[y * w + x] = UInt8(sum / (rows * (sx1 - sx0)))
                    }
                }
            } }
        } }
        return try! GrayImage(width: w, height: h, pixels: result)
    }

    /// Bilinear resampling: `sourcePoint(x, y)` says where output pixel (x, y) comes from. Outside is white.
    private func resampled(width w: Int, height h: Int, _ sourcePoint: (Int, Int) -> (Double, Double)) -> GrayImage {
        var out = [UInt8](repeating: 255, count: w * h)
        pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                for x in 0..<w {
                    let (sx, sy) = sourcePoint(x, y)
                    let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                    guard x0 >= 0, y0 >= 0, x0 < width, y0 < height else { continue }
                    let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
                    let fx = sx - Double(x0), fy = sy - Double(y0)
                    let top = Double(src[y0 * stride + x0]) * (1 - fx) + Double(src[y0 * stride + x1]) * fx
                    let bottom = Double(src[y1 * stride + x0]) * (1 - fx) + Double(src[y1 * stride + x1]) * fx
                    out[y * w + x] = UInt8(max(0, min(255, top * (1 - fy) + bottom * fy)))
                }
            }
        }
        return try! GrayImage(width: w, height: h, pixels: out)
    }

    /// Rotated by `degrees` (clockwise as seen) about the centre, on a canvas that holds all of it (white where
    /// nothing was). Returns the image and a function taking a point in the rotated image back to this image.
    public func rotated(byDegrees degrees: Double) -> (image: GrayImage, toSource: @Sendable (Double, Double) -> (Double, Double)) {
        let r = degrees * .pi / 180, c = cos(r), s = sin(r)
        let w = Int((abs(Double(width) * c) + abs(Double(height) * s)).rounded(.up))
        let h = Int((abs(Double(width) * s) + abs(Double(height) * c)).rounded(.up))
        let cx = Double(width) / 2, cy = Double(height) / 2, ncx = Double(w) / 2, ncy = Double(h) / 2
        let toSource: @Sendable (Double, Double) -> (Double, Double) = { x, y in
            let dx = x - ncx, dy = y - ncy
            return (cx + dx * c + dy * s, cy - dx * s + dy * c)
        }
        // Bilinear sampling, walking each output row along its line in the source (this loop is the hot part of
        // levelling a photo for OCR: fixed-point weights, no per-pixel calls).
        var out = [UInt8](repeating: 255, count: w * h)
        let srcW = width, srcH = height, stride = self.stride
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let dy = Double(y) - ncy
                    var sx = cx - ncx * c + dy * s, sy = cy + ncx * s + dy * c
                    for x in 0..<w {
                        defer { sx += c; sy -= s }
                        guard sx >= 0, sy >= 0 else { continue }
                        let x0 = Int(sx), y0 = Int(sy)
                        guard x0 < srcW, y0 < srcH else { continue }
                        let x1 = x0 + 1 < srcW ? x0 + 1 : x0, y1 = y0 + 1 < srcH ? y0 + 1 : y0
                        let fx = Int((sx - Double(x0)) * 256), fy = Int((sy - Double(y0)) * 256)
                        // Wrapping arithmetic: every value here is small (no overflow checks in the hot loop).
                        let top = Int(src[y0 &* stride &+ x0]) &* (256 &- fx) &+ Int(src[y0 &* stride &+ x1]) &* fx
                        let bottom = Int(src[y1 &* stride &+ x0]) &* (256 &- fx) &+ Int(src[y1 &* stride &+ x1]) &* fx
                        dst[y &* w &+ x] = UInt8(truncatingIfNeeded: (top &* (256 &- fy) &+ bottom &* fy) >> 16)
                    }
                }
            }
        }
        return (try! GrayImage(width: w, height: h, pixels: out), toSource)
    }

    /// Black and white by a local threshold (mean of a window around each pixel, less a small offset):
    /// copes with the uneven light of a photographed card where one global threshold fails. A pixel is black when
    /// it is below the window's mean (rounded down) less `offset`; the window is clipped at the image's edges.
    /// The barcode reader's symbol step runs it on every photo that reaches its retries, so its cost is paid on
    /// every image with no code at all: the window's sums slide (each column's sum over the window's rows is kept,
    /// a row entering below and one leaving above, and a row's running total of those gives any window's sum in
    /// two reads), the same integer sums as an integral image of the whole photo without writing and re-reading one.
    public func binarized(window: Int = 31, offset: Int = 8) -> GrayImage {
        let w = width, h = height, half = max(1, window / 2), stride = self.stride
        var out = [UInt8](repeating: 255, count: w * h)
        var columnSums = [Int](repeating: 0, count: w)
        var prefix = [Int](repeating: 0, count: w + 1)
        pixels.withUnsafeBufferPointer { src in
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
                                // value < total / area - offset (integer division), without the division:
                                // k <= floor(t / a) exactly when k * a <= t, for a > 0.
                                if (Int(src[y * stride + x]) + offset + 1) * (rows * (x1 - x0)) <= prefix[x1] &- prefix[x0] {
                                    dst[y * w + x] = 0
                                }
                            }
                        }
                    }
                }
            }
        }
        return try! GrayImage(width: w, height: h, pixels: out)
    }
}

import Foundation
