import CV4L2
import Dispatch
import Glibc
import Imaging

// The one file that talks to the kernel's V4L2 interface (CV4L2): the camera that streams frames, and what a
// device says about itself (`cardscan devices`). Nothing else sees a descriptor, an ioctl or a V4L2 struct.

/// A V4L2 webcam: opens the device, negotiates a format, streams through memory-mapped buffers and hands out
/// each frame as luminance. The device's pointers and descriptor stay inside this type.
public final class V4L2Camera: FrameSource {
    public let name: String
    public let isLive = true
    /// The size asked for (default 640x480: fast enough for every-frame barcodes). The camera may offer another.
    public let requestedSize: FrameSize
    /// Buffers the driver fills while we decode (at least 4, so a slow frame does not stall the camera).
    public let bufferCount: Int

    private var fd: Int32 = -1
    private var buffers: [(pointer: UnsafeMutableRawPointer, length: Int)] = []
    private var streaming = false
    private var negotiated: (format: UInt32, width: Int, height: Int, bytesPerLine: Int)?
    private let jpegDecoder = ImageLoader(appliesExifOrientation: false)

    public init(path: String, size: FrameSize = .preferred, bufferCount: Int = 4) {
        name = path; requestedSize = size; self.bufferCount = max(4, bufferCount)
    }

    deinit { close() }

    public func open() throws(CaptureError) -> StreamDescription {
        close()
        let fd = cv4l2_open(name)
        guard fd >= 0 else { throw V4L2Query.openError(errno, path: name) }
        self.fd = fd
        do throws(CaptureError) {
            let device = try V4L2Query.describe(fd: fd, path: name)
            let (format, size) = try choose(from: device.formats)
            try setFormat(format, size)
            try mapBuffers()
            var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
            guard cv4l2_ioctl(fd, CV4L2_STREAMON, &type) == 0 else { throw failure("VIDIOC_STREAMON") }
            streaming = true
            let n = negotiated!
            return StreamDescription(source: name, format: fourccString(n.format), width: n.width, height: n.height,
                                     driver: device.driver, card: device.card)
        } catch {
            close()
            throw error
        }
    }

    /// GREY or YUYV at the requested size (luminance for free); MJPEG when that is all the camera offers at that
    /// size; otherwise the nearest size, in the same order of preference.
    private func choose(from formats: [CameraDescription.Format]) throws(CaptureError) -> (CameraDescription.Format, FrameSize) {
        let raw = formats.filter { $0.code == CV4L2_PIX_FMT_GREY || $0.code == CV4L2_PIX_FMT_YUYV }
            .sorted { a, _ in a.code == CV4L2_PIX_FMT_GREY }
        let jpeg = formats.filter { $0.code == CV4L2_PIX_FMT_MJPEG || $0.code == CV4L2_PIX_FMT_JPEG }
        for candidates in [raw, jpeg] {
            if let exact = candidates.first(where: { $0.offers(requestedSize) }) { return (exact, requestedSize) }
        }
        for candidates in [raw, jpeg] {
            if let format = candidates.first, let size = format.nearest(to: requestedSize) { return (format, size) }
        }
        if let format = (raw + jpeg).first { return (format, requestedSize) }  // no sizes listed: let S_FMT decide
        throw .noUsableFormat(path: name, offered: formats.map(\.fourcc))
    }

    private func setFormat(_ format: CameraDescription.Format, _ size: FrameSize) throws(CaptureError) {
        var request = v4l2_format()
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        request.fmt.pix.width = UInt32(size.width)
        request.fmt.pix.height = UInt32(size.height)
        request.fmt.pix.pixelformat = format.code
        request.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        guard cv4l2_ioctl(fd, CV4L2_S_FMT, &request) == 0 else { throw failure("VIDIOC_S_FMT") }
        // The driver answers with what it will really deliver, which may differ from what was asked.
        let pix = request.fmt.pix
        guard [CV4L2_PIX_FMT_GREY, CV4L2_PIX_FMT_YUYV, CV4L2_PIX_FMT_MJPEG, CV4L2_PIX_FMT_JPEG].contains(pix.pixelformat),
              pix.width > 0, pix.height > 0 else {
            throw .noUsableFormat(path: name, offered: [fourccString(pix.pixelformat)])
        }
        negotiated = (pix.pixelformat, Int(pix.width), Int(pix.height), Int(pix.bytesperline))
    }

    private func mapBuffers() throws(CaptureError) {
        var request = v4l2_requestbuffers()
        request.count = UInt32(bufferCount)
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        request.memory = V4L2_MEMORY_MMAP.rawValue
        guard cv4l2_ioctl(fd, CV4L2_REQBUFS, &request) == 0 else { throw failure("VIDIOC_REQBUFS") }
        guard request.count >= 2 else { throw .failed(path: name, operation: "VIDIOC_REQBUFS (got \(request.count) buffers)", errno: ENOMEM) }
        for index in 0..<request.count {
            var buffer = v4l2_buffer()
            buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            buffer.memory = V4L2_MEMORY_MMAP.rawValue
            buffer.index = index
            guard cv4l2_ioctl(fd, CV4L2_QUERYBUF, &buffer) == 0 else { throw failure("VIDIOC_QUERYBUF") }
            let length = Int(buffer.length)
            guard let pointer = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(buffer.m.offset)),
                  pointer != MAP_FAILED else { throw failure("mmap") }
            buffers.append((pointer, length))
            guard cv4l2_ioctl(fd, CV4L2_QBUF, &buffer) == 0 else { throw failure("VIDIOC_QBUF") }
        }
    }

    public func nextFrame(timeout: Double) throws(CaptureError) -> FrameWait {
        guard fd >= 0, streaming, let format = negotiated else { throw .unplugged(path: name, reason: "not streaming") }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return .timedOut }
            var waiter = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiter, 1, Int32(min(1000, (deadline - now) / 1_000_000 + 1)))
            if ready < 0 {
                if errno == EINTR { continue }
                throw failure("poll")
            }
            if ready == 0 { continue }
            var buffer = v4l2_buffer()
            buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            buffer.memory = V4L2_MEMORY_MMAP.rawValue
            if cv4l2_ioctl(fd, CV4L2_DQBUF, &buffer) != 0 {
                let code = errno
                if code == EAGAIN {
                    if waiter.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                        throw .unplugged(path: name, reason: "the device reported an error")
                    }
                    continue
                }
                throw [ENODEV, EIO, ENXIO].contains(code)
                    ? .unplugged(path: name, reason: String(cString: strerror(code)))
                    : failure("VIDIOC_DQBUF", code)
            }
            let mapped = buffers[Int(buffer.index)]
            let bytes = UnsafeRawBufferPointer(start: mapped.pointer, count: min(Int(buffer.bytesused), mapped.length))
            let corrupt = buffer.flags & UInt32(V4L2_BUF_FLAG_ERROR) != 0
            let image: Result<GrayImage, CaptureError> = corrupt
                ? .failure(.badFrame(path: name, reason: "the camera marked frame \(buffer.sequence) as damaged"))
                : convert(bytes, format)
            // Give the buffer back before decoding anything: the driver needs it for the next frame.
            if cv4l2_ioctl(fd, CV4L2_QBUF, &buffer) != 0, [ENODEV, EIO, ENXIO].contains(errno) {
                streaming = false  // the next call reports the loss; this frame is still good
            }
            switch image {
            case .success(let image): return .frame(Frame(image: image, index: Int(buffer.sequence), source: name))
            case .failure(let error): throw error
            }
        }
    }

    private func convert(_ bytes: UnsafeRawBufferPointer, _ format: (format: UInt32, width: Int, height: Int, bytesPerLine: Int)) -> Result<GrayImage, CaptureError> {
        do throws(ImageError) {
            switch format.format {
            case CV4L2_PIX_FMT_YUYV:
                return .success(try GrayImage(yuyv: bytes, width: format.width, height: format.height, bytesPerLine: format.bytesPerLine))
            case CV4L2_PIX_FMT_GREY:
                return .success(try GrayImage(grey: bytes, width: format.width, height: format.height, bytesPerLine: format.bytesPerLine))
            default:
                return .success(try jpegDecoder.decode(Array(bytes), name: "\(name) (MJPEG frame)"))
            }
        } catch {
            return .failure(.badFrame(path: name, reason: "a frame could not be decoded: \(error)"))
        }
    }

    public func close() {
        if fd >= 0, streaming {
            var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
            _ = cv4l2_ioctl(fd, CV4L2_STREAMOFF, &type)
        }
        streaming = false
        for buffer in buffers { munmap(buffer.pointer, buffer.length) }
        buffers = []
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
        negotiated = nil
    }

    private func failure(_ operation: String, _ code: Int32 = errno) -> CaptureError {
        [ENODEV, EIO, ENXIO].contains(code) ? .unplugged(path: name, reason: String(cString: strerror(code)))
                                            : .failed(path: name, operation: operation, errno: code)
    }
}

// MARK: What a device says about itself.

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
