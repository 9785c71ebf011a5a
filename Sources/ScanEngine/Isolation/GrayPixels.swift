import Foundation
import Imaging

/// How a worker hands the picture it read back to its supervisor: a private file (0600) of one text line,
/// `gray WIDTH HEIGHT STRIDE`, then the pixel rows. Plain bytes, read here in Swift: the supervisor shows the
/// picture and tracks its items without decoding the photo (JPEG, PNG…) in its own process.
enum GrayPixels {
    static func write(_ image: GrayImage, to path: String) -> Bool {
        var data = Data("gray \(image.width) \(image.height) \(image.stride)\n".utf8)
        data.append(contentsOf: image.pixels)
        return FileManager.default.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o600])
    }

    /// The picture at `path`, nil when the file is not one (a worker that died part-way leaves a short file).
    static func read(_ path: String) -> GrayImage? {
        guard let data = FileManager.default.contents(atPath: path), let newline = data.firstIndex(of: 0x0A) else { return nil }
        let header = String(decoding: data[data.startIndex..<newline], as: UTF8.self).split(separator: " ")
        guard header.count == 4, header[0] == "gray", let width = Int(header[1]), let height = Int(header[2]),
              let stride = Int(header[3]) else { return nil }
        let pixels = [UInt8](data[(newline + 1)...])
        return try? GrayImage(width: width, height: height, stride: stride, pixels: pixels)
    }
}
