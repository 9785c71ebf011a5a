import Capture
import CardModel
import CardStore
import Foundation
import Recognition
import ScanEngine
import SessionControl

/// `cardscan camera`: a live scan from a webcam (or image files replayed as frames).
enum CameraCommand: Command {
    static let readsText = true
    static let name = "camera"
    static let abstract = "scan live from a webcam: barcodes every frame, card text when the card is still"
    static let usage = """
        usage: cardscan camera [--device PATH] [--size WxH] [--json] [--once [--type TYPE]] [--timeout SECONDS]
                               [--wristband] [--save [--no-validate] [--store PATH]] [--region R] [--formats LIST]
                               [--roi X,Y,W,H] [--no-ocr] [--reconnect SECONDS] [PATH...]

        Hold a card or wristband up to the camera. Barcodes are read on every frame the decoder keeps up with;
        the printed text is read when the picture is sharp and still. With PATHs, image files and folders are
        replayed as frames instead of using a camera (one file per frame).

        options:
          --device PATH        the camera (default: CARDSCAN_DEVICE, else /dev/video0; a number N means /dev/videoN)
          --size WxH           frame size to ask for (default 1280x720; the nearest offered is used)
          --json               print the event stream as JSON Lines (see README, "Live events")
          --once               stop at the first valid suggestion (of TYPE with --type, e.g. nhsNumber)
          --timeout SECONDS    stop after this long
          --wristband          barcodes only, region JE: the band's patient ID is suggested as the default
                               "Jersey Patient ID" (with --save it is saved or updated)
          --save               save each valid suggestion's card (the same card twice is saved once); an NHS
                               number in the test range (999 xxx xxxx) is refused with an `error` event
                               (code testNumber) and not saved
          --no-validate        with --save: keep test-range NHS numbers too
          --store PATH         the card store (default: CARDSCAN_STORE, else ~/.local/share/cardscan/cards.db)
          --region R           GB, JE or GG (default: as for `cardscan scan`)
          --formats LIST       barcode formats to look for (default: all)
          --roi X,Y,W,H        decode only this rectangle of the frame
          --no-ocr             barcodes only
          --reconnect SECONDS  when the camera goes away, keep trying to reopen it this long (default 10)

        Ctrl-C ends the session cleanly. Exit status: 0 a valid suggestion was made; 2 none was; 1 the camera could
        not be used (missing, busy, no permission, lost for good), the store failed or --save refused a card;
        64 usage error.
        """

    static func run(_ arguments: [String]) -> Int32 {
        do {
            let args = try ArgumentList(arguments, flagNames: ["--json", "--once", "--wristband", "--save", "--no-ocr", "--no-validate"],
                                        valueNames: ["--device", "--size", "--type", "--timeout", "--store", "--region",
                                                     "--formats", "--roi", "--reconnect"])
            var scan = ScanOptions()
            scan.traces = Terminal.traces
            scan.region = try RegionResolver().resolve(option: args.value("--region"), settings: .current)
            var options = SessionOptions.preset(live: args.positional.isEmpty, scan: scan)
            if let formats = try args.barcodeFormats() { options.scan.barcodes.formats = formats }
            options.once = args.has("--once")
            if let type = args.value("--type") {
                guard let kind = SuggestionKind(rawValue: type) else {
                    return Terminal.usageError("unknown --type '\(type)'; use one of \(SuggestionKind.knownNames)", usage: usage)
                }
                options.onceType = kind
            }
            guard options.onceType == nil || options.once else { return Terminal.usageError("--type goes with --once", usage: usage) }
            if args.has("--wristband") { options.readingWristbands() }
            if args.has("--no-ocr") { options.scan.readsText = false }
            if let value = args.value("--timeout") {
                guard let seconds = Double(value), seconds > 0 else { return Terminal.usageError("--timeout needs seconds > 0", usage: usage) }
                options.timeout = seconds
            }
            if let value = args.value("--reconnect") {
                guard let seconds = Double(value), seconds >= 0 else { return Terminal.usageError("--reconnect needs seconds ≥ 0", usage: usage) }
                options.reconnectFor = seconds
            }
            if let value = args.value("--roi") {
                guard let roi = RegionOfInterest(value) else { return Terminal.usageError("--roi needs X,Y,W,H in pixels", usage: usage) }
                options.regionOfInterest = roi
            }
            let size: FrameSize
            if let value = args.value("--size") {
                guard let parsed = FrameSize(value) else { return Terminal.usageError("--size needs WxH, e.g. 1280x720", usage: usage) }
                size = parsed
            } else {
                size = .preferred
            }
            let source: FrameSource = args.positional.isEmpty
                ? V4L2Camera(path: V4L2Camera.devicePath(args.value("--device"), settings: .current), size: size)
                : ImageFileFrames(paths: args.positional)
            let store = args.has("--save") ? SharedCardStore(try StoreAccess.open(args.value("--store"))) : nil
            return runSession(source: source, options: options, json: args.has("--json"), store: store,
                              noValidate: args.has("--no-validate"))
        } catch {
            return commandFailed(error, usage: usage)
        }
    }

    private static func runSession(source: FrameSource, options: SessionOptions, json: Bool, store: SharedCardStore?,
                                   noValidate: Bool) -> Int32 {
        let printer = EventPrinter()
        let status = LiveStatus()
        let outcome = SessionOutcome()
        let saving = store.map(LiveSaving.init)
        let session = LiveSession(source: source, options: options) { event in
            outcome.record(event)
            Terminal.trace(event.traceLine)
            let show: @Sendable (ScanEvent) -> Void = { if json { printer.print($0) } else { status.show($0) } }
            guard let saving else { return show(event) }
            // Cards a session could not settle are reported before its last event.
            if event.event == .sessionClosed {
                for suggestion in saving.neverSettled() {
                    outcome.saveRefused = true
                    show(.notSaved(.awaitingText(id: suggestion.id, sessionEnded: true), time: event.time, frame: event.frame))
                }
            }
            show(event)
            for suggestion in saving.follow(event) {
                do throws(SaveFailure) {
                    show(try saving.save(suggestion, noValidate: noValidate, time: event.time, frame: event.frame))
                } catch {
                    if case .store = error {
                        outcome.storeFailed = true
                        Terminal.err("cardscan: \(error.message)")
                    } else {
                        outcome.saveRefused = true
                        show(.notSaved(error, time: event.time, frame: event.frame))
                    }
                }
            }
        }
        InterruptHandler.onInterrupt { session.stop(reason: "stopped") }
        CrashNotice.install(json ? #"{"event":"sessionClosed","reason":"crashed"}"# : "cardscan: the session ended: the process crashed (a decoding library failed)",
                            to: json ? STDOUT_FILENO : STDERR_FILENO)
        if !json { status.follow(session) }
        session.start()
        session.waitUntilClosed()
        status.finish()
        return outcome.exitStatus
    }
}

/// What the session's events add up to, for the exit status.
final class SessionOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var suggested = false
    private var closedReason: String?
    var storeFailed = false
    /// `--save` refused a suggestion's card (a test-range NHS number without `--no-validate`).
    var saveRefused = false

    func record(_ event: ScanEvent) {
        lock.lock(); defer { lock.unlock() }
        if event.event == .suggestion { suggested = true }
        if event.event == .sessionClosed { closedReason = event.reason }
    }

    var exitStatus: Int32 {
        lock.lock(); defer { lock.unlock() }
        if storeFailed || saveRefused { return ExitStatus.failure }
        if ["failed", "deviceLost", "noFrames"].contains(closedReason ?? "") { return ExitStatus.failure }
        return suggested ? ExitStatus.success : ExitStatus.nothingFound
    }
}

extension ScanEvent {
    /// The `error` event for a card `--save` did not save (recoverable: the session goes on). Its message names the
    /// suggestion and the rule, never the number.
    static func notSaved(_ failure: SaveFailure, time: Double, frame: Int?) -> ScanEvent {
        var event = ScanEvent(.error, time: time, frame: frame)
        event.error = .init(code: failure.code, message: failure.message, recoverable: true)
        return event
    }

    /// The `--verbose` line for a live event: kind, ids, formats and latency, never the content.
    var traceLine: String {
        var parts = [String(format: "%.3f", time), event.rawValue]
        if let frame { parts.append("frame \(frame)") }
        if let item { parts.append("\(item.id) \(item.format?.rawValue ?? item.kind.rawValue)") }
        if let itemId { parts.append(itemId) }
        if let suggestion { parts.append("\(suggestion.id) \(suggestion.type)") }
        if let latencyMs { parts.append(String(format: "%.1f ms", latencyMs)) }
        if let error { parts.append(error.code) }
        if let reason { parts.append(reason) }
        if let statistics { parts.append("\(statistics.frames) frames, \(statistics.decoded) decoded, \(statistics.dropped) dropped, \(statistics.ocrRuns) OCR") }
        return "trace: " + parts.joined(separator: " ")
    }
}
