import Capture
import CardModel
import Foundation
import Imaging

/// Image files replayed as frames, as `ImageFileFrames` does, but decoded and read in a worker process: each
/// frame arrives with what the worker read in it (`Frame.readElsewhere`) and the picture it read (`GrayPixels`),
/// so a session over an uploaded photo never runs a C decoder on it in the server's own process. A worker that dies
/// or hangs on a file costs that file (a bad frame, named as the file is shown) and is replaced for the next one.
public final class IsolatedImageFiles: FrameSource {
    public let name: String
    public let isLive = false
    public var readsElsewhere: Bool { true }
    private let files: [String]
    private let shownAs: String?
    private let launch: WorkerLaunch
    private let timeout: Double
    private var worker: WorkerProcess?
    private var folder: String?
    private var next = 0

    /// `paths`: files and folders, expanded as `cardscan scan` does; `options` are the worker's (`isolation` says
    /// how to start it); `shownAs` names the input in events and errors instead of its path.
    public init(paths: [String], shownAs: String? = nil, options: ScanOptions, isolation: WorkerIsolation) {
        files = ImageFileWalker.expand(paths)
        name = shownAs ?? (paths.count == 1 ? paths[0] : "\(paths.count) paths")
        self.shownAs = shownAs
        var perWorker = options
        perWorker.jobs = 1
        launch = isolation.launch(perWorker)
        timeout = options.photoTimeout
    }

    public func open() throws(CaptureError) -> StreamDescription {
        guard !files.isEmpty else { throw .noInput(path: name) }
        next = 0
        if folder == nil {
            // The pictures come back through a private folder of this process's (0700, each file 0600).
            var template = Array((NSTemporaryDirectory() + "cardscan-frames-XXXXXX").utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
                throw .failed(path: NSTemporaryDirectory(), operation: "making a private folder for decoded photos", errno: errno)
            }
            folder = String(cString: made)
        }
        return StreamDescription(source: name, format: "files")
    }

    public func nextFrame(timeout _: Double) throws(CaptureError) -> FrameWait {
        guard next < files.count, let folder else { return .ended }
        let path = files[next], index = next
        next += 1
        let shown = shownAs ?? path
        let pixels = (folder as NSString).appendingPathComponent("frame-\(index)")
        defer { try? FileManager.default.removeItem(atPath: pixels) }
        switch WorkerProcess.handOver(path, to: &worker, launching: launch, timeout: timeout, pixelsTo: pixels) {
        case .scanned(let result):
            guard let image = GrayPixels.read(pixels) else {
                throw .badFrame(path: shown, reason: "the decoder process did not hand the picture back")
            }
            return .frame(Frame(image: image, index: index, source: path, readElsewhere: result.items))
        case .failed(_, let error):
            throw ImageFileFrames.badFrame(path: path, shownAs: shownAs, reason: error.description)
        }
    }

    public func close() {
        worker?.finish()
        worker = nil
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
        folder = nil
    }
}
