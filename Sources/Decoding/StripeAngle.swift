import Foundation
import Imaging

/// The angle of the strongest edge direction in an image: bars of a linear code or a PDF417, and the text beside
/// them, share the card's angle. zbar scans rows and columns: a long code with short bars turned by 12° leaves
/// every row before it ends (the drift along the code exceeds the bars' height), and zxing-cpp reads a PDF417
/// well only near upright. Turning the image back by this angle serves both.
enum StripeAngle {
    /// Degrees in (-45, 45]: how far the edges are turned from the nearest of horizontal and vertical (clockwise as
    /// seen). Nil when no direction stands out (a photo of texture, or nothing turned).
    static func of(_ image: GrayImage) -> Double? {
        // A small copy is plenty for a direction and keeps this cheap.
        let longSide = max(image.width, image.height)
        let small = longSide > 400 ? image.scaled(by: 400 / Double(longSide)) : image
        let w = small.width, h = small.height
        guard w > 8, h > 8 else { return nil }
        let bins = 90
        var histogram = [Double](repeating: 0, count: bins)
        forEachStrongEdge(of: small) { _, _, degrees, magnitude in
            // Direction modulo 90°: bars and the text's strokes and lines all count for one angle.
            let angle = degrees.truncatingRemainder(dividingBy: 90)
            histogram[min(bins - 1, Int(angle / 90 * Double(bins)))] += Double(magnitude)
        }
        let total = histogram.reduce(0, +)
        guard total > 0 else { return nil }
        // Smoothed (circular: 0° and 90° are the same direction), then the peak.
        let smooth = (0..<bins).map { histogram[($0 + bins - 1) % bins] + 2 * histogram[$0] + histogram[($0 + 1) % bins] }
        guard let peak = smooth.indices.max(by: { smooth[$0] < smooth[$1] }) else { return nil }
        // It must stand out: at least three times an even spread's share.
        guard smooth[peak] / (4 * total) >= 3.0 / Double(bins) else { return nil }
        var degrees = (Double(peak) + 0.5) * 90 / Double(bins)
        if degrees > 45 { degrees -= 90 }
        return degrees
    }

    /// The tilt, as `of` gives it, of the most bar-like patch of the image: a patch whose edges nearly all face one
    /// way (mod 180°, so a code's bars count and text, whose strokes face two ways a quarter turn apart, does not).
    /// A code's own bars are what straightening serves, and the whole image's edges can disagree with them: on a
    /// letter photographed with the camera tipped back, its text averaged 3.5° where the code's bars leant 6°
    /// (perspective turns the lines of one page by different angles). Nil when no patch is bar-like (bars give
    /// 0.8-0.95 of a patch's edge weight within 7°; text, wood grain and cloth under 0.45 on cards-dev).
    static func ofBars(_ image: GrayImage) -> Double? {
        // Twice `of`'s resolution: a code's modules must survive the reduction.
        let longSide = max(image.width, image.height)
        let small = longSide > 800 ? image.scaled(by: 800 / Double(longSide)) : image
        let w = small.width, h = small.height, patch = 48, step = 24
        guard w > patch + 2, h > patch + 2 else { return nil }
        // Each pixel's edge orientation (whole degrees, mod 180) and strength; 0 where the edge is weak.
        var orientation = [UInt8](repeating: 0, count: w * h), strength = [Int32](repeating: 0, count: w * h)
        forEachStrongEdge(of: small) { x, y, degrees, magnitude in
            orientation[y * w + x] = UInt8(Int(degrees))
            strength[y * w + x] = Int32(magnitude)
        }
        var best: (share: Double, degrees: Double)?
        var histogram = [Double](repeating: 0, count: 180)
        for top in Swift.stride(from: 1, through: h - 1 - patch, by: step) {
            for left in Swift.stride(from: 1, through: w - 1 - patch, by: step) {
                for i in histogram.indices { histogram[i] = 0 }
                var edges = 0, total = 0.0
                for y in top..<(top + patch) {
                    for x in left..<(left + patch) where strength[y * w + x] > 0 {
                        histogram[Int(orientation[y * w + x])] += Double(strength[y * w + x])
                        edges += 1; total += Double(strength[y * w + x])
                    }
                }
                // A patch of bars is full of edges; a patch with a few is a letter or a line.
                guard edges * 12 >= patch * patch else { continue }
                var peak = 0, peakWeight = 0.0
                for centre in 0..<180 {
                    var sum = 0.0
                    for k in -3...3 { sum += histogram[(centre + k + 180) % 180] }
                    if sum > peakWeight { (peak, peakWeight) = (centre, sum) }
                }
                let share = peakWeight / total
                guard share >= 0.6, share > best?.share ?? 0 else { continue }
                var offset = 0.0
                for k in -3...3 { offset += Double(k) * histogram[(peak + k + 180) % 180] }
                var degrees = (Double(peak) + 0.5 + offset / peakWeight).truncatingRemainder(dividingBy: 90)
                if degrees < 0 { degrees += 90 }
                if degrees > 45 { degrees -= 90 }
                best = (share, degrees)
            }
        }
        return best?.degrees
    }

    /// Each strong edge of `image` (Sobel magnitude over 120: print, not paper grain), with its gradient's
    /// direction in degrees, [0, 180).
    @inline(__always)
    private static func forEachStrongEdge(of image: GrayImage, _ body: (_ x: Int, _ y: Int, _ degrees: Double, _ magnitude: Int) -> Void) {
        let w = image.width, h = image.height, s = image.stride
        image.pixels.withUnsafeBufferPointer { p in
            for y in 1..<(h - 1) {
                for x in 1..<(w - 1) {
                    let (gx, gy) = sobel(p, at: y * s + x, stride: s)
                    let magnitude = abs(gx) + abs(gy)
                    guard magnitude > 120 else { continue }
                    var degrees = atan2(Double(gy), Double(gx)) * 180 / .pi
                    if degrees < 0 { degrees += 180 }
                    if degrees >= 180 { degrees -= 180 }  // atan2 gives 180 for a gradient pointing left
                    body(x, y, degrees, magnitude)
                }
            }
        }
    }

    /// The Sobel gradient at pixel `i` of an image whose rows are `stride` apart (not on its border).
    @inline(__always)
    private static func sobel(_ p: UnsafeBufferPointer<UInt8>, at i: Int, stride s: Int) -> (x: Int, y: Int) {
        let gx = Int(p[i - s + 1]) + 2 * Int(p[i + 1]) + Int(p[i + s + 1]) - Int(p[i - s - 1]) - 2 * Int(p[i - 1]) - Int(p[i + s - 1])
        let gy = Int(p[i + s - 1]) + 2 * Int(p[i + s]) + Int(p[i + s + 1]) - Int(p[i - s - 1]) - 2 * Int(p[i - s]) - Int(p[i - s + 1])
        return (gx, gy)
    }
}
