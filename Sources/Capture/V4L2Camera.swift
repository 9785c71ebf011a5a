import CV4L2
import Dispatch
import Glibc
import Imaging

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
