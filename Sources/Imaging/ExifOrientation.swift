/// The EXIF orientation tag (0x0112) of a JPEG: how the stored pixels must be turned to stand upright.
/// Phones store photos sideways and set this tag instead of rotating the pixels.
public enum ExifOrientation: Int, Sendable {
    case up = 1, upMirrored = 2, down = 3, downMirrored = 4
    case leftMirrored = 5, right = 6, rightMirrored = 7, left = 8

    /// Reads the orientation from a JPEG's APP1 Exif segment; `nil` when there is none or it is malformed.
    /// Pure byte parsing with bounds checks on every read: the input is untrusted.
    public init?(jpeg bytes: [UInt8]) {
        var i = 2  // after SOI
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }  // image data starts: no Exif before it
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return nil }
            if marker == 0xE1, length >= 16, Array(bytes[(i + 4)..<(i + 10)]) == Array("Exif\0\0".utf8) {
                let tiff = Array(bytes[(i + 10)..<(i + 2 + length)])
                guard let value = ExifOrientation.orientationTag(inTIFF: tiff), let o = ExifOrientation(rawValue: value)
                else { return nil }
                self = o
                return
            }
            i += 2 + length
        }
        return nil
    }

    private static func orientationTag(inTIFF t: [UInt8]) -> Int? {
        guard t.count >= 8 else { return nil }
        let little: Bool
        switch (t[0], t[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= t.count else { return nil }
            return little ? Int(t[o]) | Int(t[o + 1]) << 8 : Int(t[o]) << 8 | Int(t[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let b = u16(o + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<min(count, 512) {
            let e = ifd + 2 + entry * 12
            guard let tag = u16(e) else { return nil }
            if tag == 0x0112 { return u16(e + 8) }
        }
        return nil
    }
}

extension GrayImage {
    /// This image turned upright according to its EXIF orientation.
    public func applying(_ orientation: ExifOrientation) -> GrayImage {
        switch orientation {
        case .up: self
        case .upMirrored: flippedHorizontally()
        case .down: rotated180()
        case .downMirrored: rotated180().flippedHorizontally()
        case .leftMirrored: transposed()
        case .right: rotated90Clockwise()
        case .rightMirrored: rotated90CounterClockwise().flippedHorizontally()
        case .left: rotated90CounterClockwise()
        }
    }
}
