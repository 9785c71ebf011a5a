import CTesseract

/// A picture as the bytes of an image file, in memory: what a web page is sent (the live preview as JPEG, a
/// card's code as PNG). Errors carry no pixel content.
public enum ImageEncodingError: Error, CustomStringConvertible, Sendable {
    case encodeFailed(format: String)
    public var description: String {
        switch self { case .encodeFailed(let format): "leptonica could not encode the image as \(format) (out of memory?)" }
    }
}

extension GrayImage {
    /// This image as a baseline JPEG; `quality` 1–100 (75 is plenty for a preview). The corresponding C function is
    /// `pixWriteMemJpeg`.
    public func jpegData(quality: Int = 75) throws(ImageEncodingError) -> [UInt8] {
        try encoded(format: "JPEG") { data, size, pix in pixWriteMemJpeg(data, size, pix, l_int32(max(1, min(100, quality))), 0) }
    }

    /// This image as PNG (lossless: a code's bars stay sharp). The corresponding C function is `pixWriteMemPng`.
    public func pngData() throws(ImageEncodingError) -> [UInt8] {
        try encoded(format: "PNG") { data, size, pix in pixWriteMemPng(data, size, pix, 0) }
    }

    /// Runs one of leptonica's write-to-memory functions and copies the bytes out; leptonica allocated them and
    /// `lept_free` releases them.
    private func encoded(format: String, _ write: (UnsafeMutablePointer<UnsafeMutablePointer<l_uint8>?>, UnsafeMutablePointer<Int>,
                                                    UnsafeMutablePointer<PIX>) -> l_ok) throws(ImageEncodingError) -> [UInt8] {
        _ = LeptonicaPix.silenceMessages
        guard let pix = LeptonicaPix(gray: self) else { throw .encodeFailed(format: format) }
        var data: UnsafeMutablePointer<l_uint8>?
        var size = 0
        let status = write(&data, &size, pix.pointer)
        defer { if let data { lept_free(data) } }
        guard status == 0, let data, size > 0 else { throw .encodeFailed(format: format) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
