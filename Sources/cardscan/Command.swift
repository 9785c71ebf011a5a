import Recognition

/// One `cardscan` subcommand. Help is generated from these values, so `cardscan help scan` cannot drift from the
/// code that runs.
protocol Command {
    static var name: String { get }
    static var abstract: String { get }
    static var usage: String { get }
    /// Runs with the arguments after the command name; returns the process exit status.
    static func run(_ arguments: [String]) -> Int32
    /// Whether the command reads card text (and so may use the text-line detector's model).
    static var readsText: Bool { get }
}

extension Command {
    static var readsText: Bool { false }
}

/// Exit statuses, listed in the README and checked by the CLI tests.
enum ExitStatus {
    /// Everything scanned, something found.
    static let success: Int32 = 0
    /// The whole job failed (no input could be read, or an internal error).
    static let failure: Int32 = 1
    /// Everything scanned, nothing found.
    static let nothingFound: Int32 = 2
    /// Some inputs could not be read; the others were scanned and reported.
    static let someInputsFailed: Int32 = 3
    /// The command line was wrong (EX_USAGE).
    static let usage: Int32 = 64
}

/// The one way a command reports what stopped it: a usage mistake prints the usage (exit 64); anything else
/// prints its message (which names the file, device or store) and fails the job (exit 1).
func commandFailed(_ error: any Error, usage: String) -> Int32 {
    if let usageError = error as? ArgumentList.UsageError { return Terminal.usageError(usageError.description, usage: usage) }
    if let regionProblem = error as? RegionResolver.Problem { return Terminal.usageError(regionProblem.description, usage: usage) }
    Terminal.err("cardscan: \(error)")
    return ExitStatus.failure
}

/// A save the card rules refused: one line on stderr (what is wrong and what to do; never the number), exit 1.
func refused(_ refusal: CardRefusal) -> Int32 {
    Terminal.err("cardscan: refused: \(refusal)")
    return ExitStatus.failure
}
