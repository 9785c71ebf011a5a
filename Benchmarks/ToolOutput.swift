import CardModel
import Foundation

/// Runs a program to its end and returns what it wrote on stdout (stderr dropped): the tools a bench compares
/// with (the tesseract CLI) and the CLI it drives (`cardscan scan --json`). `environment` is added to this
/// process's own.
func toolOutput(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessSettings.current.forWorker(extra)
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data
}
