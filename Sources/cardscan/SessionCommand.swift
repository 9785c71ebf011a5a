import Capture
import CardModel
import CardStore
import Foundation
import Recognition
import ScanEngine
import SessionControl

/// `cardscan session --stdio`: the backend of a front end. Commands in on stdin, events out on stdout, both as
/// JSON Lines (README, "The session protocol").
enum SessionCommand: Command {
    static let readsText = true
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
            let region = try RegionResolver().resolve(option: args.value("--region"), settings: .current)
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

/// Reads the front end's command lines and answers on stdout; the session itself is `SessionController`'s
/// (shared with `cardscan serve`).
final class SessionServer: @unchecked Sendable {
    private let printer: EventPrinter
    private let started = Date()
    private let controller: SessionController

    init(storePath: String?, region: RegionResolution) {
        var settings = SessionController.Settings(region: region)
        settings.traces = Terminal.traces
        let printer = EventPrinter()
        self.printer = printer
        controller = SessionController(settings: settings, store: SharedCardStore(path: storePath)) { printer.print($0) }
    }

    /// Handles one line; false when the front end asked to quit.
    func handle(_ line: String) -> Bool {
        switch SessionRequest.parse(line) {
        case .failure(let problem): report(SessionFailure("badCommand", problem.message), request: nil)
        case .success(.quit): return false
        case .success(let command): perform(command)
        }
        return true
    }

    /// Runs one command; a refusal is answered with an `error` event naming the request.
    private func perform(_ command: SessionRequest) {
        do throws(SessionFailure) {
            switch command {
            case .start(let start): try controller.start(start)
            case .scanFile(let path): try controller.scanFile(path)
            case .accept(let id, let noValidate):
                var saved = try controller.accept(id, noValidate: noValidate)
                saved.time = Date().timeIntervalSince(started)
                printer.print(saved)
            case .stop: guard controller.stop() else { throw SessionFailure("noSession", "no session is running") }
            case .quit: break
            }
        } catch {
            report(error, request: command.name)
        }
    }

    /// Stops the running session and waits for its `sessionClosed`. False when none was running.
    @discardableResult
    func stopActive() -> Bool { controller.stop() }

    private func report(_ failure: SessionFailure, request: String?) {
        var event = ScanEvent(.error, time: Date().timeIntervalSince(started))
        event.error = .init(code: failure.code, message: failure.message, recoverable: true)
        event.request = request
        printer.print(event)
    }
}
