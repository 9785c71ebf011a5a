import Capture
import Foundation
import Recognition
import ScanEngine
import SessionControl
import WebServer

/// `cardscan serve`: the web front end (README, "cardscan serve").
enum ServeCommand: Command {
    static let readsText = true
    static let name = "serve"
    static let abstract = "a web page to scan at a desk: live picture, tap a suggestion, keep and show cards"
    static let usage = """
        usage: cardscan serve [--port 8080] [--bind 127.0.0.1] [--allow-host NAME] [--device PATH] [--size WxH]
                              [--store PATH] [--region R]

        Serves the Scan, Cards and Show pages and their JSON API (the commands of `session --stdio`; live events as
        Server-Sent Events) and prints the address to open, which holds a new random access token: nothing is served
        without it. Only this machine can connect unless --bind says otherwise (e.g. --bind 0.0.0.0 on a kiosk's
        network, with --allow-host NAME for a name other than an IP address). Ctrl-C stops it.

        options:
          --port N           port to listen on (default 8080; 0: any free port)
          --bind ADDRESS     address to listen on (default 127.0.0.1)
          --allow-host NAME  a host name the browser may use besides IP addresses and localhost (several: comma-separated)
          --device PATH      the camera (default: CARDSCAN_DEVICE, else /dev/video0; a number N means /dev/videoN)
          --size WxH         frame size to ask the camera for (default 1280x720)
          --store PATH       the card store (default: CARDSCAN_STORE, else ~/.local/share/cardscan/cards.db)
          --region R         GB, JE or GG (default: as for `cardscan scan`)
        """

    static func run(_ arguments: [String]) -> Int32 {
        do {
            let args = try ArgumentList(arguments, flagNames: [],
                                        valueNames: ["--port", "--bind", "--allow-host", "--device", "--size", "--store", "--region"])
            guard args.positional.isEmpty else { return Terminal.usageError("unexpected '\(args.positional[0])'", usage: usage) }
            var settings = SessionController.Settings(region: try RegionResolver().resolve(option: args.value("--region"), settings: .current))
            settings.traces = Terminal.traces
            settings.device = args.value("--device")
            // An uploaded photo is decoded in a worker process, as `scan` decodes a batch: a photo that crashes a
            // C library costs that upload, and the server answers the next request.
            settings.isolation = WorkerIsolation.thisProgram(command: ["scan-worker"])
            if let value = args.value("--size") {
                guard let size = FrameSize(value) else { return Terminal.usageError("--size needs WxH, e.g. 1280x720", usage: usage) }
                settings.size = size
            }
            var options = WebServer.Options(session: settings)
            if let value = args.value("--port") {
                guard let port = Int(value), (0...65_535).contains(port) else { return Terminal.usageError("--port needs a number 0-65535", usage: usage) }
                options.port = port
            }
            options.bind = args.value("--bind") ?? options.bind
            options.allowedHosts = args.value("--allow-host")?.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } ?? []
            options.storePath = args.value("--store")
            if Terminal.verbose { options.log = { Terminal.err($0) } }
            let server = try WebServer(options: options)
            Terminal.out("cardscan serve: open \(server.url)")
            Terminal.out("(the address holds this run's access token; Ctrl-C stops the server)")
            let stopped = DispatchSemaphore(value: 0)
            InterruptHandler.onInterrupt { server.stop(); stopped.signal() }
            stopped.wait()
            return ExitStatus.success
        } catch {
            return commandFailed(error, usage: usage)
        }
    }
}
