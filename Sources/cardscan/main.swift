import Foundation

// cardscan: reads identity, health and loyalty cards from photos and webcams.
let commands: [any Command.Type] = [ScanCommand.self, GuidanceCommand.self]

@MainActor func printHelp() {
    Terminal.out("""
        cardscan — read barcodes and card details from photos and webcams

        usage: cardscan <command> [options]

        commands:
        """)
    for command in commands {
        Terminal.out("  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.abstract)
    }
    Terminal.out("""

        Run 'cardscan <command> --help' (or 'cardscan help <command>') for a command's options.
        Exit status: 0 found something, 2 nothing found, 3 some inputs failed, 1 the job failed, 64 usage error.
        """)
}

// tesseract's OpenMP runtime reads OMP_THREAD_LIMIT once, when the library is loaded (before main): setting it
// now would be too late (LIBRARY-NOTES.md measured p90 989 ms vs 159 ms). Start again with it in the environment.
if ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil {
    setenv("OMP_THREAD_LIMIT", "1", 1)
    let argv = CommandLine.unsafeArgv
    execv("/proc/self/exe", argv)
    // exec failed: go on with OpenMP's default threads (slower, same results).
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let first = arguments.first else { printHelp(); exit(ExitStatus.usage) }
arguments.removeFirst()
if first == "--help" || first == "-h" || first == "help" && arguments.isEmpty { printHelp(); exit(ExitStatus.success) }
let name = first == "help" ? arguments.removeFirst() : first
guard let command = commands.first(where: { $0.name == name }) else {
    Terminal.err("cardscan: unknown command '\(name)'")
    printHelp()
    exit(ExitStatus.usage)
}
if first == "help" || arguments.contains("--help") || arguments.contains("-h") {
    Terminal.out(command.usage)
    exit(ExitStatus.success)
}
exit(command.run(arguments))
