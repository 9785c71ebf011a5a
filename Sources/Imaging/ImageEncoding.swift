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
        try encoded(format: "JPEG", jpegQuality: quality)
    }

    /// This image as PNG (lossless: a code's bars stay sharp). The corresponding C function is `pixWriteMemPng`.
    public func pngData() throws(ImageEncodingError) -> [UInt8] {
        try encoded(format: "PNG", jpegQuality: nil)
    }

    private func encoded(format: String, jpegQuality: Int?) throws(ImageEncodingError) -> [UInt8] {
        _ = LeptonicaPix.silenceMessages
        guard let bytes = LeptonicaPix(gray: self)?.encoded(jpegQuality: jpegQuality) else { throw .encodeFailed(format: format) }
        return bytes
    }
}
