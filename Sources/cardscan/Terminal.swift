import Foundation

/// Output streams for the CLI. stdout carries results; stderr carries errors and progress.
enum Terminal {
    static func out(_ line: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((line + terminator).utf8))
    }
    static func err(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    static func usageError(_ message: String, usage: String) -> Int32 {
        err("cardscan: \(message)")
        err(usage)
        return ExitStatus.usage
    }
}
