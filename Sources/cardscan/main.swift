import Foundation
import Locating
import ScanEngine

// cardscan: reads identity, health and loyalty cards from photos and webcams.
let commands: [any Command.Type] = [ScanCommand.self, CardsCommand.self, CategoriesCommand.self, ShowCommand.self, WristbandCommand.self, ExportCommand.self, ImportCardsCommand.self, ImportCommand.self, ReviewCommand.self, GuidanceCommand.self, CameraCommand.self, DevicesCommand.self, SessionCommand.self, ServeCommand.self]

@MainActor func printHelp() {
    Terminal.out("""
        cardscan — read barcodes and card details from photos and webcams

        usage: cardscan <command> [options]

        commands:
        """)
    // Names padded to the longest one plus two spaces, so no name runs into its description.
    let width = (commands.map { $0.name.count }.max() ?? 0) + 2
    for command in commands {
        Terminal.out("  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.abstract)
    }
    Terminal.out("""

        Run 'cardscan <command> --help' (or 'cardscan help <command>') for a command's options.
        --verbose (with any command) traces each stage and its time on stderr (never a card's content).
        Exit status: 0 found something, 2 nothing found, 3 some inputs failed, 1 the job failed, 64 usage error.
        """)
}

OpenMPSetup.restartWithOneThreadPerEngineIfNeeded()
// A worker process that dies must not take us with it when we write its next request.
signal(SIGPIPE, SIG_IGN)

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--verbose") {
    arguments.removeAll { $0 == "--verbose" }
    // `Terminal.verbose` reads it from the command line; commands pass it down as an option (`ScanOptions.traces`):
    // the decoders' stage traces, never content.
}
// --models DIR (with any command): where the text-line detector's model is (`TextLineModel`). Handed on through
// the environment, which the worker processes a batch starts inherit.
if let i = arguments.firstIndex(of: "--models") {
    guard i + 1 < arguments.count else { Terminal.err("cardscan: --models needs a folder"); exit(ExitStatus.usage) }
    setenv(TextLineModel.environmentKey, arguments[i + 1], 1)
    arguments.removeSubrange(i...(i + 1))
}
guard let first = arguments.first else { printHelp(); exit(ExitStatus.usage) }
arguments.removeFirst()
if first == "--help" || first == "-h" || first == "help" && arguments.isEmpty { printHelp(); exit(ExitStatus.success) }
let name = first == "help" ? arguments.removeFirst() : first
if name == "scan-worker" { exit(ScanWorkerCommand.run(arguments)) }
guard let command = commands.first(where: { $0.name == name }) else {
    Terminal.err("cardscan: unknown command '\(name)'")
    printHelp()
    exit(ExitStatus.usage)
}
if first == "help" || arguments.contains("--help") || arguments.contains("-h") {
    Terminal.out(command.usage)
    exit(ExitStatus.success)
}
if command.readsText && !arguments.contains("--no-ocr") { TextLineModelCheck.runOnce() }
exit(command.run(arguments))
