import CardModel
import Dispatch
import Imaging

/// One picture from a source, in luminance, with when it was taken.
public struct Frame: Sendable {
    public let image: GrayImage
    /// 0, 1, 2… in the order the source delivered them (a camera's own sequence number when it has one).
    public let index: Int
    /// When the frame was captured (or loaded), on the monotonic clock: `DispatchTime.now().uptimeNanoseconds`.
    public let capturedAt: UInt64
    /// What the frame came from: the image file for a folder, the device path for a camera.
    public let source: String
    /// What a worker process read in this frame already (its barcodes and text, in this image's pixels), when the
    /// source decodes its files out of this process (`FrameSource.readsElsewhere`); nil: the session reads it.
    public let readElsewhere: [RecognizedItem]?

    public init(image: GrayImage, index: Int, capturedAt: UInt64 = DispatchTime.now().uptimeNanoseconds, source: String,
                readElsewhere: [RecognizedItem]? = nil) {
        self.image = image; self.index = index; self.capturedAt = capturedAt; self.source = source
        self.readElsewhere = readElsewhere
    }
}

/// What a source is delivering, once opened (the `sessionStarted` event carries it).
public struct StreamDescription: Sendable, Codable, Equatable {
    public var source: String
    /// "YUYV", "GREY", "MJPEG" for a camera; "files" for image files.
    public var format: String
    public var width: Int?
    public var height: Int?
    public var driver: String?
    public var card: String?
    public init(source: String, format: String, width: Int? = nil, height: Int? = nil, driver: String? = nil, card: String? = nil) {
        self.source = source; self.format = format; self.width = width; self.height = height
        self.driver = driver; self.card = card
    }
}

/// The outcome of waiting for a frame.
public enum FrameWait: Sendable {
    case frame(Frame)
    /// Nothing arrived within the timeout (a camera that stalls, or a slow one).
    case timedOut
    /// The source has nothing more (the last image file was delivered).
    case ended
}

/// Where frames come from: a V4L2 camera, or image files replayed as frames. One thread uses a source at a time.
public protocol FrameSource: AnyObject {
    /// The device path, or a description of the files.
    var name: String { get }
    /// True for a camera: frames keep coming whether or not anyone reads them, so a slow reader should take the
    /// newest and drop the rest. False for files: every one is read, in order.
    var isLive: Bool { get }
    /// Opens (or reopens, after a loss) the source.
    func open() throws(CaptureError) -> StreamDescription
    /// Waits up to `timeout` seconds for the next frame.
    func nextFrame(timeout: Double) throws(CaptureError) -> FrameWait
    /// Stops streaming and releases the device. Safe to call twice.
    func close()
    /// True when the frames come read already (`Frame.readElsewhere`): a session then builds no reader of its own.
    var readsElsewhere: Bool { get }
}

extension FrameSource {
    public var readsElsewhere: Bool { false }
}
