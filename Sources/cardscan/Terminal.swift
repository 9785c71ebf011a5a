import Foundation

/// Output streams for the CLI. stdout carries results; stderr carries errors and progress.
enum Terminal {
    static func out(_ line: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((line + terminator).utf8))
    }
    static func err(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    /// `--verbose` (any command): what each stage did and how long it took, on stderr. Never a card's content:
    /// counts, kinds, formats, timings and file names only (the PHI audit test checks this).
    nonisolated(unsafe) static var verbose = false

    static func trace(_ line: @autoclosure () -> String) {
        if verbose { err(line()) }
    }

    static func usageError(_ message: String, usage: String) -> Int32 {
        err("cardscan: \(message)")
        err(usage)
        return ExitStatus.usage
    }
}
