import Imaging

/// Image files replayed as frames, one file per frame, in order: the live session over a folder, so everything a
/// camera does can be tested and replayed. A file that cannot be read is one bad frame, not the end of the stream.
public final class ImageFileFrames: FrameSource {
    public let name: String
    public let isLive = false
    private let files: [String]
    private let loader: ImageLoader
    private var next = 0

    /// `paths`: files and folders, expanded as `cardscan scan` does.
    public init(paths: [String], loader: ImageLoader = ImageLoader()) {
        files = ImageFileWalker.expand(paths)
        name = paths.count == 1 ? paths[0] : "\(paths.count) paths"
        self.loader = loader
    }

    public func open() throws(CaptureError) -> StreamDescription {
        guard !files.isEmpty else { throw .noInput(path: name) }
        next = 0
        return StreamDescription(source: name, format: "files")
    }

    public func nextFrame(timeout: Double) throws(CaptureError) -> FrameWait {
        guard next < files.count else { return .ended }
        let path = files[next]
        defer { next += 1 }
        do throws(ImageError) {
            return .frame(Frame(image: try loader.load(contentsOf: path), index: next, source: path))
        } catch {
            throw .badFrame(path: path, reason: error.description)
        }
    }

    public func close() {}
}
