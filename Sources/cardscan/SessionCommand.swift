import Capture
import CardModel
import CardStore
import Foundation
import Recognition
import ScanEngine

/// `cardscan session --stdio`: the backend of a front end. Commands in on stdin, events out on stdout, both as
/// JSON Lines (README, "The session protocol").
enum SessionCommand: Command {
    static let name = "session"
    static let abstract = "a front end's backend: JSON Lines commands on stdin, live events on stdout"
    static let usage = """
        usage: cardscan session --stdio [--store PATH] [--region R]

        Reads one JSON command per line from stdin and writes one JSON event per line to stdout:
          {"cmd":"start","device":"/dev/video0"}   start a camera session (optional: "size":"1280x720", "once":true,
                                                   "type":"nhsNumber", "wristband":true, "timeout":30)
          {"cmd":"scanFile","path":"card.jpg"}     scan an image file (or folder) as a short session
          {"cmd":"accept","suggestion":"s3"}       save that suggestion's card; answered by "cardSaved" (an NHS
                                                   number in the test range 999 is refused with an "error",
                                                   code "testNumber", unless "noValidate":true is given)
          {"cmd":"stop"}                           stop the running session ("sessionClosed" follows)
          {"cmd":"quit"}                           stop and exit (so does the end of stdin)
        A malformed command is answered with an "error" event and the session goes on.
        Suggestion ids are unique for the whole run, so an id can be accepted after its session has closed.
        """

    static func run(_ arguments: [String]) -> Int32 {
        do {
            let args = try ArgumentList(arguments, flagNames: ["--stdio"], valueNames: ["--store", "--region"])
            guard args.has("--stdio") else { return Terminal.usageError("session needs --stdio", usage: usage) }
            guard args.positional.isEmpty else { return Terminal.usageError("unexpected '\(args.positional[0])'", usage: usage) }
            let region = try RegionResolver().resolveForThisProcess(option: args.value("--region"))
            let server = SessionServer(storePath: args.value("--store"), region: region)
            InterruptHandler.onInterrupt { server.stopActive(); exit(ExitStatus.success) }
            CrashNotice.install(#"{"event":"sessionClosed","reason":"crashed"}"#, to: STDOUT_FILENO)
            while let line = readLine(strippingNewline: true) {
                if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                if !server.handle(line) { break }
            }
            server.stopActive()
            return ExitStatus.success
        } catch {
            return commandFailed(error, usage: usage)
        }
    }
}

/// Runs the front end's commands: one session at a time, suggestions remembered by id for `accept`.
final class SessionServer: @unchecked Sendable {
    private let storePath: String?
    private let region: RegionResolution
    private let printer = EventPrinter()
    private let lock = NSLock()
    private var active: LiveSession?
    private var suggestions: [String: Suggestion] = [:]
    private var suggestionCount = 0
    private var store: CardStore?
    private let started = Date()

    init(storePath: String?, region: RegionResolution) { self.storePath = storePath; self.region = region }

    /// Handles one line; false when the front end asked to quit.
    func handle(_ line: String) -> Bool {
        switch SessionRequest.parse(line) {
        case .failure(let problem):
            report("badCommand", problem.message)
        case .success(.start(let start)):
            var options = SessionOptions()
            options.scan.traces = Terminal.verbose
            options.scan.region = region
            options.once = start.once; options.onceType = start.type
            options.wristband = start.wristband; options.timeout = start.timeout
            guard let size = start.size.map(FrameSize.init) ?? FrameSize.preferred else {
                report("badCommand", "start: size must be WxH, e.g. 1280x720", request: "start"); break
            }
            begin(V4L2Camera(path: CameraCommand.devicePath(start.device), size: size), options, request: "start")
        case .success(.scanFile(let path)):
            var options = SessionOptions()
            options.scan.traces = Terminal.verbose
            options.scan.region = region
            begin(ImageFileFrames(paths: [path]), options, request: "scanFile")
        case .success(.accept(let id, let noValidate)):
            accept(id, noValidate: noValidate)
        case .success(.stop):
            if !stopActive() { report("noSession", "no session is running", request: "stop") }
        case .success(.quit):
            return false
        }
        return true
    }

    private func begin(_ source: FrameSource, _ options: SessionOptions, request: String) {
        lock.lock()
        guard active == nil else {
            lock.unlock()
            return report("busy", "a session is already running; send {\"cmd\":\"stop\"} first", request: request)
        }
        let session = LiveSession(source: source, options: options) { [weak self] event in self?.forward(event) }
        active = session
        lock.unlock()
        session.start()
    }

    /// Gives suggestions run-wide ids, remembers them, and prints every event.
    private func forward(_ event: ScanEvent) {
        var event = event
        lock.lock()
        if var suggestion = event.suggestion {
            suggestionCount += 1
            suggestion.id = "s\(suggestionCount)"
            suggestions[suggestion.id] = suggestion
            event.suggestion = suggestion
        }
        if event.event == .sessionClosed { active = nil }
        lock.unlock()
        printer.print(event)
    }

    /// Stops the running session and waits for its `sessionClosed`. False when none was running.
    @discardableResult
    func stopActive() -> Bool {
        lock.lock()
        let session = active
        lock.unlock()
        guard let session else { return false }
        session.stop(reason: "stopped")
        session.waitUntilClosed()
        return true
    }

    private func accept(_ id: String, noValidate: Bool) {
        lock.lock()
        let suggestion = suggestions[id]
        lock.unlock()
        guard let suggestion else { return report("unknownSuggestion", "no suggestion '\(id.prefix(20))' in this run", request: "accept") }
        guard let candidate = suggestion.card else {
            return report("notACard", "\(id) is a field of a card (\(suggestion.type)), not a card", request: "accept")
        }
        if !noValidate, let refusal = CardValidation.refusal(saving: suggestion) {
            return report(refusal.code, "\(id) not saved: \(refusal.problem); send \"noValidate\":true with accept to keep a test number",
                          request: "accept")
        }
        do throws(StoreError) {
            if store == nil { store = try StoreAccess.open(storePath) }
            let (card, created) = try store!.save(candidate)
            var event = ScanEvent(.cardSaved, time: Date().timeIntervalSince(started))
            event.card = card
            event.reason = created ? "added" : "alreadySaved"
            event.request = "accept"
            printer.print(event)
        } catch {
            report("storeFailed", error.description, request: "accept")
        }
    }

    private func report(_ code: String, _ message: String, request: String? = nil) {
        var event = ScanEvent(.error, time: Date().timeIntervalSince(started))
        event.error = .init(code: code, message: message, recoverable: true)
        event.request = request
        printer.print(event)
    }
}
