import Foundation

/// Turns any common image file into an upright 8-bit `GrayImage`, refusing what it should not decode.
///
/// Order of checks: the file exists and is readable → it is not empty → its first bytes say which format it is →
/// its header's pixel count is within `pixelLimit` (before any pixel is decoded) → it is not cut off → decode.
public struct ImageLoader: Sendable {
    /// Largest image accepted, in pixels, judged from the header alone. Default 50 megapixels (a 200 MB 8-bit
    /// buffer at most; phone photos are 12–48 MP).
    public var pixelLimit: Int
    /// Turn JPEG photos upright by their EXIF orientation tag. Default true.
    public var appliesExifOrientation: Bool

    public static let defaultPixelLimit = 50_000_000

    public init(pixelLimit: Int = ImageLoader.defaultPixelLimit, appliesExifOrientation: Bool = true) {
        self.pixelLimit = pixelLimit
        self.appliesExifOrientation = appliesExifOrientation
    }

    public func load(contentsOf path: String) throws(ImageError) -> GrayImage {
        try decode(try Self.readFile(path), name: path)
    }

    /// Decodes image bytes; `name` is what errors call the source.
    public func decode(_ bytes: [UInt8], name: String) throws(ImageError) -> GrayImage {
        guard !bytes.isEmpty else { throw .empty(path: name) }
        guard let format = ImageFileFormat(sniffing: bytes) else { throw .notAnImage(path: name) }
        _ = LeptonicaPix.silenceMessages

        guard let (width, height) = format.headerDimensions(bytes) ?? LeptonicaPix.headerDimensions(bytes) else {
            throw format.looksComplete(bytes) ? .decodeFailed(path: name, format: format.rawValue)
                                              : .truncated(path: name, format: format.rawValue)
        }
        guard width > 0, height > 0 else { throw .decodeFailed(path: name, format: format.rawValue) }
        guard width.multipliedReportingOverflow(by: height).partialValue <= pixelLimit, width <= 1 << 20,
              height <= 1 << 20 else {
            throw .tooLarge(path: name, width: width, height: height, limit: pixelLimit)
        }
        guard format.looksComplete(bytes) else { throw .truncated(path: name, format: format.rawValue) }

        let decodable = format == .png ? ImageFileFormat.pngKeepingImageChunks(bytes) : bytes
        guard let pix = LeptonicaPix.decode(decodable) else { throw .decodeFailed(path: name, format: format.rawValue) }
        guard let gray = pix.toGray8()?.copyGray8() else { throw .decodeFailed(path: name, format: format.rawValue) }
        if appliesExifOrientation, format == .jpeg, let orientation = ExifOrientation(jpeg: bytes) {
            return gray.applying(orientation)
        }
        return gray
    }

    /// Reads a whole file, turning each failure into an error that names it.
    static func readFile(_ path: String) throws(ImageError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .notFound(path: path) }
        if isDirectory.boolValue { throw .isDirectory(path: path) }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }
}
