import Capture
import CardModel
import Decoding
import Foundation
import Imaging
import OCR
import Recognition

/// A live scan: frames from a source, barcodes on every frame the decoder keeps up with, OCR on sharp, still
/// frames in the background, items tracked across frames, and events out through `handler`.
///
/// Threads: capture (waits on the source, reconnects it, drops stale frames), barcodes (decodes the newest frame,
/// tracks items, decides when to OCR; one by default, or `barcodeThreads` each on its own frame, reporting in
/// frame order) and text (one OCR at a time, never blocking the barcode path).
/// Shared state sits behind one lock. Events are queued under it (so they keep the order things happened in) and
/// delivered outside it, on a thread of their own (`EventQueue`): a slow consumer never holds up the decoding.
public final class LiveSession: @unchecked Sendable {
    public let options: SessionOptions
    private let source: FrameSource
    private let events: EventQueue
    private let started = DispatchTime.now().uptimeNanoseconds
    private let region: RegionResolution
    /// The per-frame stages a still goes through too: the barcode stage on every frame kept up with, the text stage
    /// on the frames worth it, suggestions from what is tracked.
    private let pipeline: FramePipeline
    /// Hands out the emitted suggestions' ids (a front end's run shares one across its sessions).
    private let ids: SuggestionIds

    private let state = NSLock()
    private var tracker: ItemTracker
    private var emitted: [String: Suggestion] = [:]   // by suggestion id
    private var emittedKeys = Set<String>()
    /// The id each value was last emitted under: the same number read again as another kind (a bare barcode
    /// first taken for a membership code, then the card's "NHS Number" label read by OCR) replaces it.
    private var emittedIdByValue: [String: String] = [:]
    /// Suggestions made from barcodes alone on a camera frame whose text had not been read yet (`awaitingText`),
    /// by id → frame index; a text reading of that frame or a later one ends their wait (`sceneRead`).
    private var awaitingText: [String: Int] = [:]
    /// Suggestions another one replaced (`replaces`): a `--once` does not stop on them.
    private var replacedIds = Set<String>()
    private var stopReason: String?
    private var frames = 0, decoded = 0, ocrRuns = 0
    private var ocrBusy = false
    private var lastOCR: (measures: FrameMeasures, time: Double, gaveValid: Bool, frame: Int)?
    private var previousMeasures: FrameMeasures?
    private var closedEvent = false
    private var queuedCount = 0
    private var newestFrame: Frame?

    private let mailbox: FrameMailbox
    private let ocrMailbox = FrameMailbox(replacesStale: true)
    private let finished = DispatchGroup()
    private let reportTurn = NSCondition()
    private var nextTurn = 0

    /// Starts nothing yet: call `start()`.
    public init(source: FrameSource, options: SessionOptions, ids: SuggestionIds = SuggestionIds(),
                handler: @escaping @Sendable (ScanEvent) -> Void) {
        self.ids = ids
        // The options run as given (a front end starts from `SessionOptions.camera` / `.imageFiles`); two things
        // follow from them as they do in `ScanEngine`: the barcode reader traces what the scan traces, and with one
        // frame decoded at a time on a multi-core machine, its two first-pass readers share the frame's time.
        var options = options
        options.scan.barcodes.traces = options.scan.traces
        options.scan.barcodes.firstPassOnTwoThreads = options.barcodeThreads == 1 && ProcessInfo.processInfo.activeProcessorCount > 1
        self.options = options
        self.source = source
        events = EventQueue(handler: handler)
        region = options.scan.region ?? RegionResolution(code: .gb, basis: .fallback)
        pipeline = FramePipeline(today: options.scan.today, wristband: options.wristband, region: region,
                                 givenNames: options.scan.text.givenNames)
        tracker = ItemTracker(barcodeLifetime: options.itemLifetime, textLifetime: options.textLifetime)
        mailbox = FrameMailbox(replacesStale: source.isLive)
    }

    /// Opens the source and runs until stopped, timed out, the input ends, or the device is gone for good.
    public func start() {
        finished.enter()
        events.start { [finished] in finished.leave() }
        let capture = Thread { [self] in captureLoop() }
        capture.name = "cardscan.capture"
        capture.start()
    }

    /// Ends the session (from any thread); `sessionClosed` follows once the threads have finished.
    public func stop(reason: String = "stopped") {
        state.lock()
        if stopReason == nil { stopReason = reason }
        let keepsTextWaiting = stopKeepsTextWaiting
        state.unlock()
        mailbox.close(discardingWaiting: true)
        ocrMailbox.close(discardingWaiting: !keepsTextWaiting)
    }

    /// A stop drops the frame waiting for the text reader, so the session ends promptly, unless a code waits for
    /// a text reading (`awaitingText`): that frame is of the scene shown before the stop, and dropped, the code would
    /// be reported unsaved though its card's text was on its way (a slow machine, or the models still loading when
    /// a short `--timeout` ends). `--once` keeps nothing: its late reading is silent. Called with `state` held.
    private var stopKeepsTextWaiting: Bool { !awaitingText.isEmpty && !lateReadingIsSilent }

    /// Blocks until `sessionClosed` has been delivered (and every event before it).
    public func waitUntilClosed() { finished.wait() }

    /// A suggestion this session emitted (a front end accepts it by id).
    public func suggestion(id: String) -> Suggestion? {
        state.lock(); defer { state.unlock() }
        return emitted[id]
    }

    /// Counts so far (frames delivered, decoded, dropped as stale, OCR runs): a status line shows them.
    public var statistics: ScanEvent.Statistics {
        state.lock(); defer { state.unlock() }
        return .init(frames: frames, decoded: decoded, dropped: mailbox.dropped + ocrMailbox.dropped, ocrRuns: ocrRuns)
    }

    /// The newest frame the source delivered (decoded or not), kept after the session closes: what a preview shows.
    /// Holding it costs one frame's pixels at most (shared with the frame in flight while that is decoded).
    public var latestFrame: Frame? {
        state.lock(); defer { state.unlock() }
        return newestFrame
    }

    /// Events queued for delivery so far (a test compares it with what its consumer received).
    var eventsQueued: Int { state.lock(); defer { state.unlock() }; return queuedCount }

    private var stopping: Bool { state.lock(); defer { state.unlock() }; return stopReason != nil }

    private func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }

    /// Queues an event for delivery; call with `state` held (that is what keeps events in order).
    private func emit(_ event: ScanEvent) {
        queuedCount += 1
        events.append(event)
    }

    private func emitLocked(_ make: (Double) -> ScanEvent) {
        state.lock(); defer { state.unlock() }
        emit(make(now()))
    }

    // MARK: Capture

    private func captureLoop() {
        let decoders = DispatchGroup()
        guard openSource(reconnecting: false) else {
            finish(reason: stopReasonOr("failed"))
            return
        }
        for index in 0..<(source.isLive ? max(1, options.barcodeThreads) : 1) {
            decoders.enter()
            let decoder = Thread { [self] in decodeLoop(); decoders.leave() }
            decoder.name = "cardscan.barcodes.\(index)"
            decoder.stackSize = 8 << 20
            decoder.start()
        }
        let textDone = DispatchSemaphore(value: 0)
        var closeReason = "stopped"
        let reader = !source.isLive || !options.scan.readsText ? nil : Thread { [self] in textLoop(); textDone.signal() }
        reader?.name = "cardscan.text"
        reader?.stackSize = 8 << 20
        reader?.start()

        var lastFrame = now()
        var silentSince: Double?  // when the camera stopped sending frames (nil while frames arrive)
        while !stopping {
            if let timeout = options.timeout, now() >= timeout { stop(reason: "timeout"); break }
            do throws(CaptureError) {
                switch try source.nextFrame(timeout: 0.25) {
                case .frame(let frame):
                    lastFrame = now(); silentSince = nil
                    state.lock(); frames += 1; newestFrame = frame; state.unlock()
                    mailbox.put(frame)
                case .timedOut:
                    // A silent camera is reopened every `frameTimeout`; silent for `reconnectFor` more, it is given up.
                    guard source.isLive, now() - lastFrame >= options.frameTimeout else { continue }
                    if silentSince == nil {
                        silentSince = lastFrame
                        emitLocked { t in
                            var e = ScanEvent(.error, time: t)
                            e.error = .init(code: "noFrames", message: "\(source.name): no frames for \(Int(options.frameTimeout)) s; reopening the camera", recoverable: true)
                            return e
                        }
                    }
                    if now() - silentSince! >= options.frameTimeout + options.reconnectFor {
                        reportProblem(.failed(path: source.name, operation: "waiting for frames (\(Int(now() - silentSince!)) s without one)", errno: ETIMEDOUT), carryingOn: false)
                        closeReason = "noFrames"; stop(reason: closeReason); break
                    }
                    source.close()
                    guard openSource(reconnecting: true) else { closeReason = "noFrames"; stop(reason: closeReason); break }
                    lastFrame = now()
                case .ended:
                    closeReason = "endOfInput"
                    state.lock(); if stopReason == nil { stopReason = closeReason }; state.unlock()
                    mailbox.close(discardingWaiting: false)
                }
            } catch {
                reportProblem(error, carryingOn: error.recoverable)
                switch error {
                case .badFrame: continue
                case .unplugged, .deviceMissing, .busy:
                    source.close()
                    guard openSource(reconnecting: true) else { stop(reason: "deviceLost"); break }
                    lastFrame = now(); silentSince = nil
                default:
                    stop(reason: "failed")
                }
            }
        }
        mailbox.close(discardingWaiting: source.isLive)
        decoders.wait()
        state.lock(); let keepsTextWaiting = stopKeepsTextWaiting; state.unlock()
        ocrMailbox.close(discardingWaiting: !keepsTextWaiting)
        if reader != nil { textDone.wait() }
        source.close()
        finish(reason: stopReasonOr(closeReason))
    }

    private func stopReasonOr(_ fallback: String) -> String {
        state.lock(); defer { state.unlock() }
        return stopReason ?? fallback
    }

    /// Opens the source; when reconnecting, retries with growing pauses for `reconnectFor` seconds.
    private func openSource(reconnecting: Bool) -> Bool {
        let deadline = now() + (reconnecting ? options.reconnectFor : 0)
        var pause = 0.1
        while true {
            do throws(CaptureError) {
                let stream = try source.open()
                emitLocked { t in
                    var e = ScanEvent(.sessionStarted, time: t)
                    e.stream = .init(source: stream.source, format: stream.format, width: stream.width, height: stream.height,
                                     driver: stream.driver, card: stream.card)
                    e.region = region
                    if reconnecting { e.reason = "reconnected" }
                    return e
                }
                return true
            } catch {
                let retrying = reconnecting && error.recoverable && now() + pause < deadline && !stopping
                if !reconnecting || !retrying { reportProblem(error, carryingOn: false) }
                guard retrying else { return false }
                Thread.sleep(forTimeInterval: pause)
                pause = min(pause * 2, 1.0)
            }
        }
    }

    private func reportProblem(_ error: CaptureError, carryingOn: Bool) {
        emitLocked { t in
            var e = ScanEvent(.error, time: t)
            var message = error.description
            if carryingOn, case .unplugged = error { message += "; trying to reopen it for \(Int(options.reconnectFor)) s" }
            e.error = .init(code: error.code, message: message, recoverable: carryingOn)
            return e
        }
    }

    private func finish(reason: String) {
        state.lock()
        if !closedEvent {
            closedEvent = true
            var e = ScanEvent(.sessionClosed, time: now())
            e.reason = reason
            e.statistics = .init(frames: frames, decoded: decoded, dropped: mailbox.dropped + ocrMailbox.dropped, ocrRuns: ocrRuns)
            emit(e)
        }
        state.unlock()
        // The last event: the delivery thread ends once it is delivered, and `waitUntilClosed` returns.
        events.close()
    }

    // MARK: Barcodes (every frame it keeps up with)

    private func decodeLoop() {
        let barcodes = BarcodeReader(options: options.scan.barcodes)
        // Files are read in order with OCR on each, on this thread; a camera's OCR runs on the text thread.
        // Files a worker process reads (`readsElsewhere`) arrive read: no reader is built here for them.
        let inlineText: TextReader? = !source.isLive && !source.readsElsewhere && options.scan.readsText
            ? try? FramePipeline.textReader(concurrentReads: false, models: options.scan.text) : nil
        inlineText?.traces = options.scan.traces
        // Test builds only (TestSwitches): abort while decoding frame N, as a crashing C library would.
        let abortAt = TestSwitches.value("CARDSCAN_TEST_SESSION_ABORT_AT_FRAME").flatMap(Int.init)
        while let (frame, turn) = mailbox.takeNumbered() {
            if let abortAt, turn >= abortAt { abort() }
            // A frame a worker process read arrives with its items: nothing is cropped or decoded here.
            let (image, offset) = frame.readElsewhere == nil ? cropped(frame.image) : (frame.image, Point(x: 0, y: 0))
            let found = frame.readElsewhere?.filter { $0.kind == .barcode }
                ?? FramePipeline.barcodeItems(barcodes.read(image)).map { $0.shifted(by: offset) }
            // Sharpness and motion decide when a camera frame is worth OCR; every image file is read anyway.
            let measures = options.scan.readsText && source.isLive ? FrameMeasures(image) : nil
            // Readers finish in any order; items are tracked in frame order.
            reportTurn.lock()
            while nextTurn != turn { reportTurn.wait() }
            let wantsText = afterBarcodes(found, frame: frame, measures: measures)
            nextTurn += 1
            reportTurn.broadcast()
            reportTurn.unlock()
            if wantsText {
                if let read = frame.readElsewhere {
                    textRead(read.filter { $0.kind == .text }, in: frame)
                } else if let inlineText {
                    readText(frame, with: inlineText)
                } else {
                    ocrMailbox.put(frame)
                }
            }
        }
    }

    /// Tracks the codes, emits what changed, and says whether this frame should go to OCR.
    private func afterBarcodes(_ found: [RecognizedItem], frame: Frame, measures: FrameMeasures?) -> Bool {
        state.lock(); defer { state.unlock() }
        decoded += 1
        let t = now()
        // A camera's items live on for a moment after they leave the picture (a code missed on one frame is not
        // gone). A file is a picture of its own: its codes replace the previous file's, and nothing expires by the
        // clock, so a replay reads the same on a slow machine as on a fast one.
        var changes = tracker.update(kind: .barcode, found: found, at: t, complete: !source.isLive)
        if source.isLive { changes += tracker.expire(at: t) }
        deliver(changes, frame: frame, time: t)
        // A file's text is read next, on this frame: its suggestions come from barcodes and text together, as a
        // still's do. Alone, the Code 128 on an NHS card is a bare 10-digit code (a membership card), which
        // `camera --save` would save before the text said whose number it is.
        let textFollows = options.scan.readsText && !source.isLive
        if !textFollows, changes.contains(where: { if case .added = $0 { true } else { false } }) { suggest(frame: frame, time: t) }

        guard options.scan.readsText else { return false }
        if !source.isLive { return true }  // every file is a still photo
        guard let measures, stopReason == nil else { return false }
        defer { previousMeasures = measures }
        guard !ocrBusy, measures.sharpness >= options.ocrMinimumSharpness,
              let previous = previousMeasures, measures.motion(since: previous) <= options.ocrMaximumMotion else { return false }
        if let last = lastOCR {
            let sceneChanged = measures.motion(since: last.measures) > options.ocrMaximumMotion
            let refreshDue = !last.gaveValid && t - last.time >= options.ocrRefresh
            // A code suggested from its bars alone waits for this scene's text before it may be saved: read it.
            let textAwaited = awaitingText.values.contains { $0 > last.frame }
            guard sceneChanged || refreshDue || textAwaited else { return false }
        }
        ocrBusy = true
        lastOCR = (measures, t, false, frame.index)
        return true
    }

    // MARK: Text (one OCR at a time)

    private func textLoop() {
        // A camera's scenes are read as stills are (`FramePipeline.textReader`): the learned detector's lines, read
        // by PP-OCR's recogniser, on one thread beside the barcode thread.
        // A slow start, made on purpose (test builds only): the models take this many seconds more to load.
        if let slowLoad = TestSwitches.value("CARDSCAN_TEST_TEXT_READER_LOAD_DELAY").flatMap(Double.init) {
            Thread.sleep(forTimeInterval: slowLoad)
        }
        guard let reader = try? FramePipeline.textReader(concurrentReads: false, models: options.scan.text) else {
            emitLocked { t in
                var e = ScanEvent(.error, time: t)
                e.error = .init(code: "ocrUnavailable", message: "tesseract could not start; only barcodes are read (run Scripts/setup)", recoverable: true)
                return e
            }
            return
        }
        reader.traces = options.scan.traces
        // A slow machine, made on purpose (test builds only): each reading starts this many seconds late.
        let slowReading = TestSwitches.value("CARDSCAN_TEST_TEXT_READ_DELAY").flatMap(Double.init)
        while let frame = ocrMailbox.take() {
            if let slowReading { Thread.sleep(forTimeInterval: slowReading) }
            readText(frame, with: reader)
        }
    }

    private func readText(_ frame: Frame, with reader: TextReader) {
        let (image, offset) = cropped(frame.image)
        // Read as a still is read (`FramePipeline`), with the barcodes in view when the first reading is done, in
        // the cropped frame's pixels.
        let lines = pipeline.textItems(of: image, reader: reader) {
            state.lock(); defer { state.unlock() }
            return tracker.current.filter { $0.kind == .barcode }.map { $0.shifted(by: Point(x: -offset.x, y: -offset.y)) }
        }.map { $0.shifted(by: offset) }
        textRead(lines, in: frame)
    }

    /// The frame's text, read here or by a worker process: tracked, delivered, and suggested from.
    private func textRead(_ lines: [RecognizedItem], in frame: Frame) {
        state.lock(); defer { state.unlock() }
        ocrRuns += 1
        ocrBusy = false
        let t = now()
        var changes = tracker.update(kind: .text, found: lines, at: t, complete: true)
        if source.isLive { changes += tracker.expire(at: t) }
        deliver(changes, frame: frame, time: t)
        let gaveValid = suggest(frame: frame, time: t)
        if let last = lastOCR { lastOCR = (last.measures, last.time, last.gaveValid || gaveValid, last.frame) }
        if source.isLive && !lateReadingIsSilent { sceneRead(frame: frame, time: t) }
    }

    /// A session that stopped still finishes the text reading in flight (it was of a frame shown before the
    /// stop). That reading speaks as any other: its suggestions are emitted and it settles the codes waiting for
    /// it. Were it to settle a waiting code but keep its own suggestions back, `camera --save` would save an NHS
    /// card's bare Code 128 as a membership card, the very thing the wait is for. Only `--once` keeps a late
    /// reading silent: its session ends on its one suggestion, and a code still waiting is then reported unsaved.
    private var lateReadingIsSilent: Bool { source.isLive && stopReason == "once" }

    // MARK: Events (called with `state` held)

    private func deliver(_ changes: [ItemTracker.Change], frame: Frame, time: Double) {
        for change in changes {
            var event: ScanEvent
            switch change {
            case .added(let item): event = ScanEvent(.itemAdded, time: time, frame: frame.index); event.item = item
            case .updated(let item): event = ScanEvent(.itemUpdated, time: time, frame: frame.index); event.item = item
            case .removed(let id): event = ScanEvent(.itemRemoved, time: time, frame: frame.index); event.itemId = id
            }
            emit(event)
        }
    }

    /// Builds suggestions from everything in view and emits the valid ones not emitted before. Returns whether
    /// any valid suggestion is in view.
    @discardableResult
    private func suggest(frame: Frame, time: Double) -> Bool {
        let current = tracker.current
        let built = pipeline.suggest(current)
        let barcodeIds = Set(current.filter { $0.kind == .barcode }.map(\.id))
        var anyValid = false
        for var suggestion in built.suggestions where suggestion.valid {
            if options.wristband && suggestion.type != .jerseyPatientId { continue }
            anyValid = true
            let key = suggestion.type.rawValue + "\u{1F}" + suggestion.value
            guard !emittedKeys.contains(key), !lateReadingIsSilent else { continue }
            emittedKeys.insert(key)
            suggestion.id = ids.next()
            emitted[suggestion.id] = suggestion
            var event = ScanEvent(.suggestion, time: time, frame: frame.index)
            event.suggestion = suggestion
            event.replaces = emittedIdByValue[suggestion.value]
            if let replaced = event.replaces { replacedIds.insert(replaced) }
            emittedIdByValue[suggestion.value] = suggestion.id
            event.latencyMs = (Double(DispatchTime.now().uptimeNanoseconds - frame.capturedAt) / 1e4).rounded() / 100
            let waits = waitsForText(suggestion, frame: frame, barcodeIds: barcodeIds)
            if waits {
                event.awaitingText = true
                awaitingText[suggestion.id] = frame.index
            }
            emit(event)
            if !waits { stopIfOnce(suggestion) }
        }
        return anyValid
    }

    /// Whether a suggestion must wait for its scene's text before it is saved: a camera's, made from barcodes
    /// alone, of a kind text can change (`isSettledByItsCode`: not a retail code's loyalty card), while no text
    /// reading of its frame (or a later one) has finished. Files never wait (their text is
    /// read before their suggestions are made), nor does a session that reads no text (`--no-ocr`: nothing to wait for).
    /// `barcodeIds`: the ids of the barcodes in view (the items the suggestions were built from).
    private func waitsForText(_ suggestion: Suggestion, frame: Frame, barcodeIds: Set<String>) -> Bool {
        guard source.isLive, options.scan.readsText, !suggestion.type.isSettledByItsCode else { return false }
        let fromBarcodesAlone = !suggestion.from.isEmpty && suggestion.from.allSatisfy(barcodeIds.contains)
        return fromBarcodesAlone && (lastTextFrame ?? -1) < frame.index
    }

    /// The frame index of the newest finished text reading (nil before the first).
    private var lastTextFrame: Int?

    /// A text reading of `frame` has finished: says so (`sceneRead`), with the suggestions whose wait it ends; a
    /// `--once` session stops on the first of them that nothing replaced.
    private func sceneRead(frame: Frame, time: Double) {
        lastTextFrame = max(lastTextFrame ?? -1, frame.index)
        let ended = awaitingText.filter { $0.value <= frame.index }.keys.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
        for id in ended { awaitingText[id] = nil }
        var event = ScanEvent(.sceneRead, time: time, frame: frame.index)
        event.settled = ended.isEmpty ? nil : ended
        emit(event)
        for id in ended where !replacedIds.contains(id) {
            if let suggestion = emitted[id] { stopIfOnce(suggestion) }
        }
    }

    /// `--once`: the first suggestion of the asked type ends the session.
    private func stopIfOnce(_ suggestion: Suggestion) {
        guard options.once, options.onceType == nil || options.onceType == suggestion.type, stopReason == nil else { return }
        stopReason = "once"
        mailbox.close(discardingWaiting: true)
        ocrMailbox.close(discardingWaiting: true)
    }

    private func cropped(_ image: GrayImage) -> (image: GrayImage, offset: Point) {
        guard let roi = options.regionOfInterest else { return (image, Point(x: 0, y: 0)) }
        let x = min(max(0, roi.x), image.width - 1), y = min(max(0, roi.y), image.height - 1)
        let w = min(roi.width, image.width - x), h = min(roi.height, image.height - y)
        return (image.cropped(x: x, y: y, width: w, height: h), Point(x: x, y: y))
    }
}

extension RecognizedItem {
    /// The same item in a larger image whose crop began at `offset`.
    func shifted(by offset: Point) -> RecognizedItem {
        guard offset.x != 0 || offset.y != 0 else { return self }
        var item = self
        item.bounds = bounds.mapped { Point(x: $0.x + offset.x, y: $0.y + offset.y) }
        return item
    }
}
