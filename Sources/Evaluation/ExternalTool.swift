import Foundation

/// Runs a program the tests and the bench make their inputs with (zint, ImageMagick's convert) and returns its
/// standard output; throws, with the program's own error text, when it does not succeed.
public struct ToolFailure: Error, CustomStringConvertible {
    public let description: String
}

@discardableResult
public func runTool(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ToolFailure(description: "\(tool) \(arguments.joined(separator: " ")) failed: \(String(decoding: errors, as: UTF8.self))")
    }
    return String(decoding: data, as: UTF8.self)
}
