import Foundation
import Imaging

/// The angle of the strongest edge direction in an image: bars of a linear code or a PDF417, and the text beside
/// them, share the card's angle. zbar scans rows and columns: a long code with short bars turned by 12° leaves
/// every row before it ends (the drift along the code exceeds the bars' height), and zxing-cpp 1.4 reads PDF417
/// only within about 6° of upright. Turning the image back by this angle serves both.
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
        small.pixels.withUnsafeBufferPointer { p in
            let s = small.stride
            for y in 1..<(h - 1) {
                for x in 1..<(w - 1) {
                    let i = y * s + x
                    // Sobel.
                    let gx = Int(p[i - s + 1]) + 2 * Int(p[i + 1]) + Int(p[i + s + 1]) - Int(p[i - s - 1]) - 2 * Int(p[i - 1]) - Int(p[i + s - 1])
                    let gy = Int(p[i + s - 1]) + 2 * Int(p[i + s]) + Int(p[i + s + 1]) - Int(p[i - s - 1]) - 2 * Int(p[i - s]) - Int(p[i - s + 1])
                    let magnitude = abs(gx) + abs(gy)
                    guard magnitude > 120 else { continue }  // strong edges only: print, not paper grain
                    // Direction modulo 90°: bars and the text's strokes and lines all count for one angle.
                    var angle = atan2(Double(gy), Double(gx)) * 180 / .pi
                    angle = angle.truncatingRemainder(dividingBy: 90)
                    if angle < 0 { angle += 90 }
                    histogram[min(bins - 1, Int(angle / 90 * Double(bins)))] += Double(magnitude)
                }
            }
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
}
