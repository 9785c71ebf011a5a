import Foundation

/// Photos decoded in worker processes: this program's hidden worker command, so a C library that aborts or hangs
/// on a hostile photo costs that photo only. A property of the engine's options (`ScanOptions.isolation`): a
/// batch (`scan`, `import`) and the photos a session is given (`serve` uploads, `session --stdio`'s `scanFile`,
/// `camera FILE`) are decoded so when it is set; nil decodes in this process.
public struct WorkerIsolation: Sendable {
    /// The program to start, and the arguments that make it a worker (the settings follow them).
    public var executable: String
    public var command: [String]

    public init(executable: String, command: [String]) { self.executable = executable; self.command = command }

    /// This program, started with `command` (nil when /proc does not say where it is).
    public static func thisProgram(command: [String]) -> WorkerIsolation? {
        guard let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
        else { return nil }
        return WorkerIsolation(executable: path, command: command)
    }

    /// The launch of a worker that scans with `options`.
    public func launch(_ options: ScanOptions) -> WorkerLaunch {
        WorkerLaunch(executable: executable, arguments: command + ["--settings", WorkerSettings(options).json])
    }
}
