import Imaging

/// Image files replayed as frames, one file per frame, in order: the live session over a folder, so everything a
/// camera does can be tested and replayed. A file that cannot be read is one bad frame, not the end of the stream.
public final class ImageFileFrames: FrameSource {
    public let name: String
    public let isLive = false
    private let files: [String]
    private let loader: ImageLoader
    private var next = 0

    /// What events and errors call a file instead of its path (nil: its path).
    private let shownAs: String?

    /// `paths`: files and folders, expanded as `cardscan scan` does. `shownAs`: the name events and errors give
    /// the input instead of its path (a web upload's file is the server's own: a page is told "uploaded photo").
    public init(paths: [String], shownAs: String? = nil, loader: ImageLoader = ImageLoader()) {
        files = ImageFileWalker.expand(paths)
        name = shownAs ?? (paths.count == 1 ? paths[0] : "\(paths.count) paths")
        self.shownAs = shownAs
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
            throw Self.badFrame(path: path, shownAs: shownAs, reason: error.description)
        }
    }

    public func close() {}

    /// A file that could not be read, as a bad frame named as the file is shown (`shownAs`, else its path). The
    /// loader's message starts with the path, which `badFrame` puts in front itself; the rest names it as shown too.
    public static func badFrame(path: String, shownAs: String?, reason message: String) -> CaptureError {
        var reason = message
        if reason.hasPrefix(path + ": ") { reason.removeFirst(path.count + 2) }
        if let shownAs { reason = reason.replacingOccurrences(of: path, with: shownAs) }
        return .badFrame(path: shownAs ?? path, reason: reason)
    }
}
