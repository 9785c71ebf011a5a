import Foundation
import XCTest

/// A running `cardscan serve` (the real binary) on a port the system chose, with the URL it printed.
final class ServeProcess {
    let process = Process()
    let url: String
    let port: Int
    let token: String
    private let errors = Locked(Data())

    init(arguments: [String], environment: [String: String], file: StaticString = #filePath, line: UInt = #line) throws {
        process.executableURL = URL(fileURLWithPath: ScanCommandTests.binary)
        process.arguments = ["serve", "--port", "0"] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), errorPipe = Pipe()
        process.standardOutput = output
        process.standardError = errorPipe
        try process.run()
        let errors = self.errors
        Thread { while case let chunk = errorPipe.fileHandleForReading.availableData, !chunk.isEmpty { errors.mutate { $0.append(chunk) } } }.start()
        // The first line names the address: "cardscan serve: open http://127.0.0.1:PORT/?token=…".
        var printed = Data()
        let deadline = Date().addingTimeInterval(30)
        while !printed.contains(0x0A), Date() < deadline, process.isRunning {
            printed.append(output.fileHandleForReading.availableData)
        }
        Thread { while !output.fileHandleForReading.availableData.isEmpty {} }.start()
        let first = String(decoding: printed, as: UTF8.self)
        guard let range = first.range(of: #"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)"#, options: .regularExpression) else {
            process.terminate()
            throw RawHTTP.Failure(description: "cardscan serve printed no URL: \(first) \(String(decoding: errors.value, as: UTF8.self))")
        }
        url = String(first[range])
        let parts = url.split(separator: ":")[2].split(separator: "/")
        port = Int(parts[0])!
        token = String(url.split(separator: "=").last!)
    }

    var base: String { "http://127.0.0.1:\(port)" }
    var cookie: String { "cardscan_token_\(port)=\(token)" }
    var stderr: String { String(decoding: errors.value, as: UTF8.self) }

    /// A request as the page would make it: with the cookie, and for changes with the page's Origin.
    func call(_ method: String, _ path: String, json: String? = nil) throws -> RawHTTP.Response {
        var headers = ["Cookie": cookie]
        if method != "GET" { headers["Origin"] = base }
        if json != nil { headers["Content-Type"] = "application/json" }
        return try RawHTTP.request(port: port, method, path, headers: headers, body: Data((json ?? "").utf8))
    }

    /// Ctrl-C: the server stops its session and exits 0.
    @discardableResult
    func stop() -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL); return nil }
        return process.terminationStatus
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}
