import Foundation

/// A tiny HTTP/1.1 client over a socket, so a test says exactly what is sent (a foreign Host header, no Origin):
/// one request per connection (`Connection: close`), the answer read to the end. Also what speaks WebDriver to
/// chromedriver. No dependencies.
enum RawHTTP {
    struct Response {
        let status: Int
        /// Header values by lowercased name (the last one wins), and every Set-Cookie.
        let headers: [String: String]
        let cookies: [String]
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
        /// `{"error":{"code":…}}` of a refusal.
        var errorCode: String? { (json?["error"] as? [String: Any])?["code"] as? String }
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Opens a stream (Server-Sent Events) and reads it until `enough` says so or `timeout` passes; returns the
    /// body bytes read so far (the header cut off).
    static func stream(port: Int, _ target: String, headers: [String: String], timeout: Double,
                       until enough: (Data) -> Bool) throws -> Data {
        let fd = try connected(port: port, timeout: 0.2)
        defer { close(fd) }
        var head = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        try sendAll(fd, Data((head + "\r\n").utf8))
        var received = Data(), buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { received.append(contentsOf: buffer[0..<n]) } else if n == 0 { break }
            if let end = received.range(of: Data("\r\n\r\n".utf8)), enough(Data(received[end.upperBound...])) { break }
        }
        guard let end = received.range(of: Data("\r\n\r\n".utf8)) else { return Data() }
        let chunked = String(decoding: received[..<end.lowerBound], as: UTF8.self).lowercased().contains("transfer-encoding: chunked")
        return chunked ? unchunked(Data(received[end.upperBound...])) : Data(received[end.upperBound...])
    }

    static func request(port: Int, _ method: String, _ target: String, headers: [String: String] = [:], body: Data = Data(),
                        host: String? = nil, timeout: Double = 30) throws -> Response {
        let fd = try connected(port: port, timeout: timeout)
        defer { close(fd) }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || ["POST", "PUT"].contains(method) { head += "Content-Length: \(body.count)\r\n" }
        // A refused request may be answered before its body is read: the answer counts, not the failed send.
        do { try sendAll(fd, Data((head + "\r\n").utf8) + body) } catch where !body.isEmpty {}
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 {
                received.append(contentsOf: buffer[0..<n])
                // Some servers (chromedriver) keep the connection open anyway: stop at the announced length.
                if isComplete(received) { break }
                continue
            }
            if n == 0 || errno == ECONNRESET { break }
            if errno == EINTR { continue }
            throw Failure(description: "no complete answer to \(method) \(target) within \(timeout) s (received \(received.count) bytes)")
        }
        return try parse(received)
    }

    /// A socket connected to 127.0.0.1:`port`, whose reads give up after `timeout` seconds.
    private static func connected(port: Int, timeout: Double) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            close(fd)
            throw Failure(description: "connect to port \(port): \(String(cString: strerror(errno)))")
        }
        return fd
    }

    private static func sendAll(_ fd: Int32, _ data: Data) throws {
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard n > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
                offset += n
            }
        }
    }

    /// Whether `data` holds the whole answer by its Content-Length (unknown length: read to the end).
    private static func isComplete(_ data: Data) -> Bool {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { return false }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).lowercased()
        guard let line = head.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
              let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) else { return false }
        return data.count - end.upperBound >= length
    }

    private static func parse(_ data: Data) throws -> Response {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { throw Failure(description: "no HTTP header in \(data.count) bytes") }
        let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(lines[0])") }
        var headers: [String: String] = [:], cookies: [String] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased(), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = value
            if name == "set-cookie" { cookies.append(value) }
        }
        var body = Data(data[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = unchunked(body) }
        return Response(status: status, headers: headers, cookies: cookies, body: body)
    }

    private static func unchunked(_ data: Data) -> Data {
        var out = Data(), rest = data[...]
        while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
            let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";")[0], radix: 16) ?? 0
            if size == 0 { break }
            let start = lineEnd.upperBound
            out.append(rest[start..<min(rest.endIndex, start + size)])
            rest = rest[min(rest.endIndex, start + size + 2)...]
        }
        return out
    }
}
