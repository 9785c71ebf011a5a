/// An 8-bit luminance image: what every decoder in cardscan consumes. Row `y` starts at `y * stride`.
public struct GrayImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public internal(set) var pixels: [UInt8]

    /// Wraps pixel bytes, checking the layout first (a view past the end of its buffer is a crash in C).
    public init(width: Int, height: Int, stride: Int? = nil, pixels: [UInt8]) throws(ImageError) {
        let stride = stride ?? width
        guard width > 0, height > 0, stride >= width, pixels.count >= height * stride else {
            throw .invalidLayout(width: width, height: height, stride: stride, byteCount: pixels.count)
        }
        self.width = width; self.height = height; self.stride = stride; self.pixels = pixels
    }

    /// A blank image filled with `value`.
    public init(width: Int, height: Int, filledWith value: UInt8 = 255) {
        precondition(width > 0 && height > 0, "an image has at least one pixel")
        self.width = width; self.height = height; self.stride = width
        pixels = [UInt8](repeating: value, count: width * height)
    }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * stride + x] }
        set { pixels[y * stride + x] = newValue }
    }

    public var pixelCount: Int { width * height }

    /// The pixels packed with `stride == width` (zbar's Y800 needs that).
    public var packedPixels: [UInt8] {
        if stride == width { return pixels.count == width * height ? pixels : Array(pixels[0..<(width * height)]) }
        var out = [UInt8](); out.reserveCapacity(width * height)
        for y in 0..<height { out.append(contentsOf: pixels[(y * stride)..<(y * stride + width)]) }
        return out
    }
}
