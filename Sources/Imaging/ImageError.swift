/// Why an image could not be loaded. Every case names the file, and the description says what to do next.
public enum ImageError: Error, Equatable, CustomStringConvertible, Sendable, Codable {
    case notFound(path: String)
    case unreadable(path: String, reason: String)
    case isDirectory(path: String)
    case empty(path: String)
    case notAnImage(path: String)
    case unsupportedFormat(path: String, format: String)
    case truncated(path: String, format: String)
    case tooLarge(path: String, width: Int, height: Int, limit: Int)
    case decodeFailed(path: String, format: String)
    case invalidLayout(width: Int, height: Int, stride: Int, byteCount: Int)
    /// The worker process decoding this file died (a C library aborted or crashed on it); the batch went on.
    case decoderCrashed(path: String, signal: Int32)

    public var path: String? {
        switch self {
        case .notFound(let p), .unreadable(let p, _), .isDirectory(let p), .empty(let p), .notAnImage(let p),
             .unsupportedFormat(let p, _), .truncated(let p, _), .tooLarge(let p, _, _, _), .decodeFailed(let p, _),
             .decoderCrashed(let p, _):
            p
        case .invalidLayout: nil
        }
    }

    /// A short machine-readable reason, for the JSON `error` entries.
    public var code: String {
        switch self {
        case .notFound: "notFound"
        case .unreadable: "unreadable"
        case .isDirectory: "isDirectory"
        case .empty: "empty"
        case .notAnImage: "notAnImage"
        case .unsupportedFormat: "unsupportedFormat"
        case .truncated: "truncated"
        case .tooLarge: "tooLarge"
        case .decodeFailed: "decodeFailed"
        case .invalidLayout: "invalidLayout"
        case .decoderCrashed: "decoderCrashed"
        }
    }

    public var description: String {
        switch self {
        case .notFound(let p): "\(p): no such file; check the path"
        case .unreadable(let p, let reason): "\(p): cannot be read (\(reason)); check its permissions"
        case .isDirectory(let p): "\(p): is a folder, not an image file"
        case .empty(let p): "\(p): the file is empty (0 bytes); re-copy or re-take the photo"
        case .notAnImage(let p):
            "\(p): not an image (no PNG, JPEG, WebP, TIFF, GIF, BMP or PNM header); check the file is a photo"
        case .unsupportedFormat(let p, let f): "\(p): \(f) images are not supported; convert it to PNG or JPEG"
        case .truncated(let p, let f): "\(p): the \(f) file is truncated (its end is missing); re-copy the file"
        case .tooLarge(let p, let w, let h, let limit):
            "\(p): \(w)x\(h) pixels is over the limit of \(limit / 1_000_000) megapixels; "
                + "downscale it or raise --max-megapixels"
        case .decodeFailed(let p, let f): "\(p): the \(f) data is damaged and could not be decoded"
        case .invalidLayout(let w, let h, let s, let n):
            "invalid image layout: \(w)x\(h), stride \(s), but \(n) bytes"
        case .decoderCrashed(let p, let signal) where signal == 9:
            "\(p): the decoder stopped responding on this file and was stopped; the rest were scanned. Keep the file and report it"
        case .decoderCrashed(let p, let signal):
            "\(p): the decoder crashed on this file (signal \(signal)); the rest were scanned. Keep the file and report it"
        }
    }
}
