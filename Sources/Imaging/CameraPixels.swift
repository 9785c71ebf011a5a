/// Camera frames to `GrayImage`: what V4L2 hands over is bytes in a pixel format; decoders want luminance.
extension GrayImage {
    /// From packed YUYV 4:2:2 (Y0 U Y1 V): the luminance is every other byte, so no colour maths is needed.
    public init(yuyv bytes: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerLine: Int) throws(ImageError) {
        let lineBytes = max(bytesPerLine, width * 2)
        guard width > 0, height > 0, bytes.count >= lineBytes * (height - 1) + width * 2 else {
            throw .invalidLayout(width: width, height: height, stride: lineBytes, byteCount: bytes.count)
        }
        var out = [UInt8](repeating: 0, count: width * height)
        out.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = y * lineBytes, outRow = y * width
                for x in 0..<width { out[outRow + x] = bytes[row + 2 * x] }
            }
        }
        try self.init(width: width, height: height, pixels: out)
    }

    /// From 8-bit greyscale rows `bytesPerLine` apart (V4L2 GREY).
    public init(grey bytes: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerLine: Int) throws(ImageError) {
        let lineBytes = max(bytesPerLine, width)
        guard width > 0, height > 0, bytes.count >= lineBytes * (height - 1) + width else {
            throw .invalidLayout(width: width, height: height, stride: lineBytes, byteCount: bytes.count)
        }
        var out = [UInt8](repeating: 0, count: width * height)
        out.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                for x in 0..<width { out[y * width + x] = bytes[y * lineBytes + x] }
            }
        }
        try self.init(width: width, height: height, pixels: out)
    }
}
