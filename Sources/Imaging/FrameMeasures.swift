/// Cheap measures of a video frame that decide whether OCR is worth running on it: tesseract costs ~200 ms, so a
/// live session only spends it on frames that are sharp and still. Both work on a small thumbnail (~1 ms).
public struct FrameMeasures: Sendable {
    /// A 160-pixel-wide copy: big enough to see motion and edges, small enough to compare every frame.
    public let thumbnail: GrayImage
    /// Mean absolute horizontal + vertical difference between neighbours (grey levels): higher is sharper.
    /// Motion blur and defocus both lower it.
    public let sharpness: Double

    public init(_ image: GrayImage) {
        let thumbnail = image.width > 160 ? image.scaled(by: 160 / Double(image.width)) : image
        self.thumbnail = thumbnail
        var sum = 0, count = 0
        thumbnail.pixels.withUnsafeBufferPointer { p in
            let w = thumbnail.width, s = thumbnail.stride
            for y in 0..<(thumbnail.height - 1) {
                for x in 0..<(w - 1) {
                    let here = Int(p[y * s + x])
                    sum += abs(here - Int(p[y * s + x + 1])) + abs(here - Int(p[(y + 1) * s + x]))
                    count += 2
                }
            }
        }
        sharpness = count == 0 ? 0 : Double(sum) / Double(count)
    }

    /// Mean absolute difference from another frame's thumbnail (grey levels); large when the card or camera
    /// moved. Frames of different sizes count as entirely different.
    public func motion(since earlier: FrameMeasures) -> Double {
        let a = thumbnail, b = earlier.thumbnail
        guard a.width == b.width, a.height == b.height else { return 255 }
        var sum = 0
        for y in 0..<a.height {
            for x in 0..<a.width { sum += abs(Int(a[x, y]) - Int(b[x, y])) }
        }
        return Double(sum) / Double(a.width * a.height)
    }
}
