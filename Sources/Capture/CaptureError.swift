/// Why a source could not deliver frames. Every case names the device or file and says what to do next.
public enum CaptureError: Error, Equatable, CustomStringConvertible, Sendable {
    case deviceMissing(path: String)
    case busy(path: String)
    case permissionDenied(path: String)
    case notACamera(path: String, reason: String)
    case noUsableFormat(path: String, offered: [String])
    case unplugged(path: String, reason: String)
    case failed(path: String, operation: String, errno: Int32)
    /// One frame (or one image file) could not be turned into an image; the next one may be fine.
    case badFrame(path: String, reason: String)
    case noInput(path: String)

    /// Whether waiting and reopening might help (a camera unplugged may come back; a busy one may be freed).
    public var recoverable: Bool {
        switch self {
        case .unplugged, .badFrame, .deviceMissing, .busy: true
        case .permissionDenied, .notACamera, .noUsableFormat, .failed, .noInput: false
        }
    }

    /// A short machine-readable reason, for the `error` events.
    public var code: String {
        switch self {
        case .deviceMissing: "deviceMissing"
        case .busy: "deviceBusy"
        case .permissionDenied: "permissionDenied"
        case .notACamera: "notACamera"
        case .noUsableFormat: "noUsableFormat"
        case .unplugged: "deviceLost"
        case .failed: "captureFailed"
        case .badFrame: "badFrame"
        case .noInput: "noInput"
        }
    }

    public var description: String {
        switch self {
        case .deviceMissing(let path):
            "\(path): no such camera; check it is plugged in (`cardscan devices` lists the cameras found)"
        case .busy(let path):
            "\(path): the camera is busy (another program is using it); close that program and try again"
        case .permissionDenied(let path):
            "\(path): permission denied; add your user to the 'video' group (then log in again) or run with access to the device"
        case .notACamera(let path, let reason):
            "\(path): not a video capture device (\(reason)); pick one from `cardscan devices`"
        case .noUsableFormat(let path, let offered):
            "\(path): the camera offers no format cardscan reads (offered: \(offered.joined(separator: ", "))); GREY, YUYV or MJPEG is needed"
        case .unplugged(let path, let reason):
            "\(path): the camera went away (\(reason)); reconnect it"
        case .failed(let path, let operation, let code):
            "\(path): \(operation) failed (errno \(code)); unplug and replug the camera, or try another size"
        case .badFrame(let path, let reason):
            "\(path): \(reason)"
        case .noInput(let path):
            "\(path): no image files to replay"
        }
    }
}
