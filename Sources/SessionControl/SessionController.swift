import Capture
import CardModel
import CardStore
import Foundation
import Recognition
import ScanEngine

/// What a front end drives, shared by `cardscan session --stdio` and `cardscan serve`: one live session at a time
/// (a camera, or image files as a short session), suggestions numbered for the whole run so one can be accepted
/// after its session closed, and an accepted suggestion's card saved in the store. Every session event goes to
/// `events`, on the session's delivery thread, in order.
public final class SessionController: @unchecked Sendable {
    /// What shapes every session this controller starts.
    public struct Settings: Sendable {
        /// The region suggestions are built for.
        public var region: RegionResolution
        /// Stage traces on stderr (`--verbose` and the trace variables; never content).
        public var traces = Traces()
        /// The camera used when a start request names none (nil: `CARDSCAN_DEVICE`, else /dev/video0).
        public var device: String?
        /// The frame size asked for when a start request gives none (default 1280x720).
        public var size = FrameSize.preferred
        /// A store failure's message says "the card store", not the store's path (`serve`: a page is not told
        /// where the server keeps its files).
        public var hidesStorePath = false
        /// Photos given to a session (`scanFile`: `serve`'s uploads) are decoded in a worker process when set
        /// (`WorkerIsolation`): a photo that crashes a C library costs that photo, not the front end.
        public var isolation: WorkerIsolation?
        public init(region: RegionResolution) { self.region = region }
    }

    private let settings: Settings
    private let saving: LiveSaving
    private let events: @Sendable (ScanEvent) -> Void
    private let lock = NSLock()
    private var active: LiveSession?
    /// The session whose frames a preview shows: the running one, else the last one (an uploaded photo stays in view).
    private var shown: LiveSession?
    private var afterClose: (() -> Void)?
    private var suggestions: [String: Suggestion] = [:]
    /// The run's suggestion ids: every session this controller starts takes them from here.
    private let ids = SuggestionIds()

    public init(settings: Settings, store: SharedCardStore, events: @escaping @Sendable (ScanEvent) -> Void) {
        self.settings = settings; self.saving = LiveSaving(store: store); self.events = events
    }

    /// Starts a camera session (`{"cmd":"start",…}`).
    public func start(_ request: SessionRequest.Start) throws(SessionFailure) {
        var options = SessionOptions.camera(scanOptions())
        options.once = request.once; options.onceType = request.type; options.timeout = request.timeout
        if request.wristband { options.readingWristbands() }
        var size = settings.size
        if let text = request.size {
            guard let parsed = FrameSize(text) else { throw SessionFailure("badCommand", "start: size must be WxH, e.g. 1280x720") }
            size = parsed
        }
        let device = V4L2Camera.devicePath(request.device ?? settings.device, settings: .current)
        try begin(V4L2Camera(path: device, size: size), options)
    }

    /// Scans an image file or folder as a short session (`{"cmd":"scanFile",…}`); it ends with `sessionClosed`
    /// (`endOfInput`). `afterClose` runs once the session has closed (an uploaded photo's file is removed then).
    /// `shownAs` names the file in events instead of its path (an upload's file is the server's own).
    public func scanFile(_ path: String, shownAs: String? = nil, afterClose: (() -> Void)? = nil) throws(SessionFailure) {
        let options = scanOptions()
        let source: FrameSource = options.isolation.map { IsolatedImageFiles(paths: [path], shownAs: shownAs, options: options, isolation: $0) }
            ?? ImageFileFrames(paths: [path], shownAs: shownAs)
        try begin(source, .imageFiles(options), afterClose: afterClose)
    }

    /// Saves that suggestion's card (`{"cmd":"accept",…}`); the `cardSaved` event that answers it is returned, not
    /// sent to `events` (the front end that asked gets it).
    /// An NHS number in the test range is refused (`testNumber`) unless `noValidate` says to keep it.
    public func accept(_ id: String, noValidate: Bool = false) throws(SessionFailure) -> ScanEvent {
        lock.lock()
        let suggestion = suggestions[id]
        lock.unlock()
        guard let suggestion else { throw SessionFailure("unknownSuggestion", "no suggestion '\(id.prefix(20))' in this run") }
        do throws(SaveFailure) {
            var event = try saving.save(suggestion, noValidate: noValidate, time: 0)
            event.request = "accept"
            return event
        } catch {
            switch error {
            case .card(_, let refusal):
                throw SessionFailure(refusal.code, "\(id) not saved: \(refusal.problem); send \"noValidate\":true with accept to keep a test number")
            case .store(let failure):
                throw SessionFailure("storeFailed", settings.hidesStorePath ? failure.description(naming: "the card store") : failure.description)
            case .awaitingText, .notACard:
                throw SessionFailure(error.code, error.message)
            }
        }
    }

    /// Stops the running session and waits for its `sessionClosed`. False when none was running.
    @discardableResult
    public func stop() -> Bool {
        lock.lock()
        let session = active
        lock.unlock()
        guard let session else { return false }
        session.stop(reason: "stopped")
        session.waitUntilClosed()
        return true
    }

    /// Whether a session is running now.
    public var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return active != nil }

    /// The newest frame of the running session, else of the last one (nil before any).
    public var latestFrame: Frame? {
        lock.lock()
        let session = shown
        lock.unlock()
        return session?.latestFrame
    }

    private func scanOptions() -> ScanOptions {
        var options = ScanOptions()
        options.traces = settings.traces
        options.region = settings.region
        options.isolation = settings.isolation
        return options
    }

    private func begin(_ source: FrameSource, _ options: SessionOptions, afterClose: (() -> Void)? = nil) throws(SessionFailure) {
        lock.lock()
        guard active == nil else {
            lock.unlock()
            afterClose?()
            throw SessionFailure("busy", "a session is already running; stop it first ({\"cmd\":\"stop\"})")
        }
        let session = LiveSession(source: source, options: options, ids: ids) { [weak self] event in self?.forward(event) }
        active = session
        shown = session
        self.afterClose = afterClose
        lock.unlock()
        session.start()
    }

    /// Remembers the suggestions (their ids are the run's already: `ids`), and passes every event on.
    private func forward(_ event: ScanEvent) {
        var cleanup: (() -> Void)?
        lock.lock()
        if let suggestion = event.suggestion { suggestions[suggestion.id] = suggestion }
        saving.follow(event)
        if event.event == .sessionClosed {
            active = nil
            cleanup = afterClose
            afterClose = nil
        }
        lock.unlock()
        events(event)
        cleanup?()
    }
}
