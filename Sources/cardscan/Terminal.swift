import CardModel
import Foundation

/// Output streams for the CLI. stdout carries results; stderr carries errors and progress.
enum Terminal {
    static func out(_ line: String, terminator: String = "\n") {
        write(line + terminator, to: STDOUT_FILENO)
    }
    static func err(_ line: String) {
        write(line + "\n", to: STDERR_FILENO)
    }

    /// Whether a stream's reader has gone (a front end closed the pipe): its output is dropped from then on.
    nonisolated(unsafe) private static var closed: Set<Int32> = []
    /// Live events are written from their own thread while the main thread reports progress.
    private static let lock = NSLock()

    /// Checked writes: FileHandle.write traps on EPIPE (its `try!`), which would kill a live session whose front
    /// end stopped reading; SIGPIPE is ignored process-wide, so a closed pipe is EPIPE here, and the rest of the
    /// stream is dropped while the command finishes (and saves) as it would have.
    /// The first time stdout is found closed, stderr says so once: the exit status still reports the job, and a
    /// person who piped into `head` learns why the results stopped.
    static func write(_ text: String, to descriptor: Int32) {
        lock.lock(); defer { lock.unlock() }
        guard !closed.contains(descriptor) else { return }
        guard writeAll(text, to: descriptor) else {
            closed.insert(descriptor)
            if descriptor == STDOUT_FILENO, !closed.contains(STDERR_FILENO),
               !writeAll("cardscan: standard output was closed; the rest of the results are not shown (the job goes on)\n",
                         to: STDERR_FILENO) {
                closed.insert(STDERR_FILENO)
            }
            return
        }
    }

    private static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 { offset += written; continue }
            if written < 0 && errno == EINTR { continue }
            return false
        }
        return true
    }
    /// `--verbose` (any command): what each stage did and how long it took, on stderr. Never a card's content:
    /// counts, kinds, formats, timings and file names only (the PHI audit test checks this).
    /// Read once from the command line (main removes the flag before a command parses its own): a constant, not a
    /// switch any code can flip.
    static let verbose = CommandLine.arguments.dropFirst().contains("--verbose")

    /// What the decoders trace: `--verbose`'s stages and the development variables (`Traces`).
    static let traces = Traces(verbose: verbose, settings: .current)

    static func trace(_ line: @autoclosure () -> String) {
        if verbose { err(line()) }
    }

    static func usageError(_ message: String, usage: String) -> Int32 {
        err("cardscan: \(message)")
        err(usage)
        return ExitStatus.usage
    }
}
