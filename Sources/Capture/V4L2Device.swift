import CV4L2
import Glibc

/// What a V4L2 device says about itself: the `cardscan devices` listing, and what `V4L2Camera` negotiates from.
public struct CameraDescription: Sendable, Encodable, Equatable {
    public struct Format: Sendable, Encodable, Equatable {
        /// The four-character code: "YUYV", "GREY", "MJPG"…
        public var fourcc: String
        public var description: String
        /// Frame sizes as "WxH"; a stepwise range as "WxH-WxH".
        public var sizes: [String]
        var code: UInt32
        var discreteSizes: [FrameSize]
        var range: ClosedRange<Int>?, heightRange: ClosedRange<Int>?

        enum CodingKeys: String, CodingKey { case fourcc, description, sizes }

        init(code: UInt32, description: String, discreteSizes: [FrameSize], widths: ClosedRange<Int>?, heights: ClosedRange<Int>?) {
            self.code = code; fourcc = fourccString(code); self.description = description
            self.discreteSizes = discreteSizes; range = widths; heightRange = heights
            sizes = discreteSizes.map(\.description)
            if let widths, let heights { sizes.append("\(widths.lowerBound)x\(heights.lowerBound)-\(widths.upperBound)x\(heights.upperBound)") }
        }

        func offers(_ size: FrameSize) -> Bool {
            discreteSizes.contains(size) || (range?.contains(size.width) == true && heightRange?.contains(size.height) == true)
        }

        /// The offered size closest in area to `size`.
        func nearest(to size: FrameSize) -> FrameSize? {
            if offers(size) { return size }
            var candidates = discreteSizes
            if let range, let heightRange {
                candidates.append(FrameSize(width: min(max(size.width, range.lowerBound), range.upperBound),
                                            height: min(max(size.height, heightRange.lowerBound), heightRange.upperBound)))
            }
            return candidates.min { abs($0.width * $0.height - size.width * size.height) < abs($1.width * $1.height - size.width * size.height) }
        }
    }

    public var path: String
    public var driver: String
    public var card: String
    public var bus: String
    public var formats: [Format]
}

/// A frame size in pixels.
public struct FrameSize: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    /// What a camera is asked for unless told otherwise: card text needs the pixels (at 640x480 a card's print
    /// is 10-15 px tall, below what tesseract reads), and 720p is what most webcams offer. The nearest size the
    /// camera has is used.
    public static let preferred = FrameSize(width: 1280, height: 720)
    /// Parses "640x480".
    public init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 8192, h <= 8192 else { return nil }
        self.init(width: w, height: h)
    }
    public var description: String { "\(width)x\(height)" }
}

func fourccString(_ code: UInt32) -> String {
    let bytes = (0..<4).map { UInt8((code >> (8 * $0)) & 0xff) }
    return String(decoding: bytes.reversed().drop { $0 == 0x20 }.reversed(), as: UTF8.self)
}

/// The V4L2 calls that read a device's identity and formats; used by the camera and by `cardscan devices`.
enum V4L2Query {
    /// Maps an `open` failure to what the person can do about it.
    static func openError(_ code: Int32, path: String) -> CaptureError {
        switch code {
        case ENOENT, ENODEV, ENXIO: .deviceMissing(path: path)
        case EBUSY: .busy(path: path)
        case EACCES, EPERM: .permissionDenied(path: path)
        default: .failed(path: path, operation: "open", errno: code)
        }
    }

    static func describe(fd: Int32, path: String) throws(CaptureError) -> CameraDescription {
        var capability = v4l2_capability()
        guard cv4l2_ioctl(fd, CV4L2_QUERYCAP, &capability) == 0 else {
            throw errno == ENOTTY ? .notACamera(path: path, reason: "it does not answer V4L2 queries")
                                  : .failed(path: path, operation: "VIDIOC_QUERYCAP", errno: errno)
        }
        let caps = capability.capabilities & UInt32(V4L2_CAP_DEVICE_CAPS) != 0 ? capability.device_caps : capability.capabilities
        guard caps & UInt32(V4L2_CAP_VIDEO_CAPTURE) != 0 else {
            throw .notACamera(path: path, reason: "no video capture (a metadata or output node)")
        }
        guard caps & UInt32(V4L2_CAP_STREAMING) != 0 else {
            throw .notACamera(path: path, reason: "no streaming I/O")
        }
        return CameraDescription(path: path, driver: cString(capability.driver), card: cString(capability.card),
                                 bus: cString(capability.bus_info), formats: formats(fd: fd))
    }

    private static func formats(fd: Int32) -> [CameraDescription.Format] {
        var result: [CameraDescription.Format] = []
        for index in 0..<64 {
            var description = v4l2_fmtdesc()
            description.index = UInt32(index)
            description.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            guard cv4l2_ioctl(fd, CV4L2_ENUM_FMT, &description) == 0 else { break }
            var discrete: [FrameSize] = []
            var widths: ClosedRange<Int>?, heights: ClosedRange<Int>?
            for sizeIndex in 0..<128 {
                var size = v4l2_frmsizeenum()
                size.index = UInt32(sizeIndex)
                size.pixel_format = description.pixelformat
                guard cv4l2_ioctl(fd, CV4L2_ENUM_FRAMESIZES, &size) == 0 else { break }
                if size.type == V4L2_FRMSIZE_TYPE_DISCRETE.rawValue {
                    discrete.append(FrameSize(width: Int(size.discrete.width), height: Int(size.discrete.height)))
                } else {
                    widths = Int(size.stepwise.min_width)...Int(size.stepwise.max_width)
                    heights = Int(size.stepwise.min_height)...Int(size.stepwise.max_height)
                    break
                }
            }
            result.append(.init(code: description.pixelformat, description: cString(description.description),
                                discreteSizes: discrete, widths: widths, heights: heights))
        }
        return result
    }

    private static func cString<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

extension CameraDescription {
    /// Opens `path` just long enough to read what it is.
    public static func read(path: String) throws(CaptureError) -> CameraDescription {
        let fd = cv4l2_open(path)
        guard fd >= 0 else { throw V4L2Query.openError(errno, path: path) }
        defer { Glibc.close(fd) }
        return try V4L2Query.describe(fd: fd, path: path)
    }

    /// The video device nodes present (`/dev/video*`), in number order.
    public static func devicePaths() -> [String] {
        guard let directory = opendir("/dev") else { return [] }
        defer { closedir(directory) }
        var numbers: [Int] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("video"), let number = Int(name.dropFirst(5)) { numbers.append(number) }
        }
        return numbers.sorted().map { "/dev/video\($0)" }
    }
}
