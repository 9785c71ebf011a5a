/// What a route answers: a status, headers, and either bytes or a stream written as it is produced (Server-Sent
/// Events, which stay open).
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        case stream(any ResponseStream)
    }
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status; self.headers = headers; self.body = body
    }

    public init(status: Int, contentType: String, bytes: [UInt8]) {
        self.init(status: status, headers: [("Content-Type", contentType)], body: .bytes(bytes))
    }

    public mutating func addHeader(_ name: String, _ value: String) { headers.append((name, value)) }
}

/// A response body produced piece by piece on the connection's own thread. `next` may wait (for the next live
/// event); it returns nil when the stream is over (the client went away, or the server is stopping).
public protocol ResponseStream: AnyObject, Sendable {
    /// The next bytes to send, waiting for them if need be; nil ends the response. Any length: the server sends a
    /// long piece over several writes.
    func next() -> [UInt8]?
    /// The client has gone (or the response is being freed): stop producing.
    func cancel()
}
