import CMicroHTTPD
import Foundation

/// Why the server could not start; says what to change.
public enum HTTPServerError: Error, CustomStringConvertible, Sendable {
    case badAddress(String)
    /// `errno` is what the system said last (libmicrohttpd reports no reason of its own: usually bind's EADDRINUSE).
    case cannotListen(address: String, port: Int, errno: Int32)

    public var description: String {
        switch self {
        case .badAddress(let address):
            "'\(address)' is not an IP address to listen on; give --bind an address such as 127.0.0.1 or ::1"
        case .cannotListen(let address, let port, let code):
            "cannot listen on \(address) port \(port) (\(code == 0 ? "in use, or not an address of this machine" : String(cString: strerror(code)))); choose another --port or --bind"
        }
    }
}

/// An HTTP server on libmicrohttpd: the one type that holds its pointers (the daemon, and each connection and
/// response while a callback runs); everything outside sees `HTTPRequest` and `HTTPResponse` values.
///
/// One thread per connection (libmicrohttpd's own): a handler may take its time, and a streamed response (Server-
/// Sent Events) waits for its next piece on its connection's thread without holding up anyone else.
/// A request is first `screen`ed when its headers have arrived, so a refused one (no token) is answered before any
/// of its body is read; then `handle`d with its whole body (up to `maxBodyBytes`; more is answered 413).
public final class HTTPServer: @unchecked Sendable {
    public typealias Screen = @Sendable (HTTPRequest) -> HTTPResponse?
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// The port listened on (the one chosen by the system when 0 was asked for).
    public private(set) var port = 0
    private var daemon: OpaquePointer?
    private let screen: Screen
    private let handler: Handler
    private let maxBodyBytes: Int
    private let streamsLock = NSLock()
    private var openStreams: [ObjectIdentifier: StreamedBody] = [:]

    /// Listens on `address` (IPv4 or IPv6 literal) and `port`. The corresponding C function is `MHD_start_daemon`.
    public init(address: String, port: Int, maxBodyBytes: Int, connectionLimit: Int = 64, idleTimeoutSeconds: Int = 120,
                screen: @escaping Screen, handler: @escaping Handler) throws(HTTPServerError) {
        self.screen = screen
        self.handler = handler
        self.maxBodyBytes = maxBodyBytes
        guard (0...65_535).contains(port) else { throw .cannotListen(address: address, port: port, errno: EINVAL) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        var flags = UInt32(MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue)
        var v4 = sockaddr_in(), v6 = sockaddr_in6()
        if inet_pton(AF_INET, address, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
            daemon = withUnsafePointer(to: &v4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    cmhd_start(flags, $0, accessHandler, context, requestCompleted, context, UInt32(connectionLimit), UInt32(idleTimeoutSeconds))
                }
            }
        } else if inet_pton(AF_INET6, address, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port).bigEndian)
            flags |= UInt32(MHD_USE_IPv6.rawValue)
            daemon = withUnsafePointer(to: &v6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    cmhd_start(flags, $0, accessHandler, context, requestCompleted, context, UInt32(connectionLimit), UInt32(idleTimeoutSeconds))
                }
            }
        } else {
            throw .badAddress(address)
        }
        guard let daemon else { throw .cannotListen(address: address, port: port, errno: errno) }
        self.port = Int(cmhd_bound_port(daemon))
    }

    deinit { stop() }

    /// Ends every open stream, then stops listening and waits for the connection threads to finish. Safe to call
    /// twice. The corresponding C function is `MHD_stop_daemon`.
    public func stop() {
        // SIGINT and SIGTERM handlers may call this at once: only one of them takes the daemon.
        streamsLock.lock()
        let running = daemon
        daemon = nil
        let streams = Array(openStreams.values)
        streamsLock.unlock()
        guard let running else { return }
        streams.forEach { $0.stream.cancel() }
        MHD_stop_daemon(running)
    }

    // MARK: Called from libmicrohttpd's connection threads

    /// A request being received: what was read so far, and whether it has been answered already.
    fileprivate final class Exchange {
        var request: HTTPRequest
        var answered = false
        var tooLarge = false
        init(_ request: HTTPRequest) { self.request = request }
    }

    /// One call of the access handler: first with the headers, then once per piece of body, then once more with
    /// none (the body is complete). See the MHD_AccessHandlerCallback documentation in microhttpd.h.
    fileprivate func access(_ connection: OpaquePointer, url: String, method: String, upload: UnsafePointer<CChar>?,
                            uploadSize: UnsafeMutablePointer<Int>, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let saved = state.pointee else {
            let exchange = Exchange(HTTPRequest(method: method, path: url, query: values(connection, .GET_ARGUMENT_KIND),
                                                headers: values(connection, .HEADER_KIND, lowercased: true),
                                                cookies: values(connection, .COOKIE_KIND)))
            state.pointee = Unmanaged.passRetained(exchange).toOpaque()
            if let refusal = screen(exchange.request) {
                exchange.answered = true
                return queue(refusal, on: connection)
            }
            return .YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(saved).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            if !exchange.answered && !exchange.tooLarge, let upload {
                if exchange.request.body.count + uploadSize.pointee > maxBodyBytes {
                    exchange.tooLarge = true
                    exchange.request.body = []
                } else {
                    upload.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
                        exchange.request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
                    }
                }
            }
            uploadSize.pointee = 0  // consumed (or dropped)
            return .YES
        }
        guard !exchange.answered else { return .YES }
        exchange.answered = true
        if exchange.tooLarge {
            return queue(.problem(413, "tooLarge", "the request body is over \(maxBodyBytes / 1_000_000) MB"), on: connection)
        }
        return queue(handler(exchange.request), on: connection)
    }

    /// The request is over (answered, or the client went away): its state is released.
    fileprivate func completed(_ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        guard let state, let saved = state.pointee else { return }
        Unmanaged<Exchange>.fromOpaque(saved).release()
        state.pointee = nil
    }

    /// Header, cookie or query values of the request. The corresponding C function is `MHD_get_connection_values`.
    private func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind, lowercased: Bool = false) -> [String: String] {
        var collected: [(String, String)] = []
        // It returns how many values it passed to the iterator; nothing here to check (the list is what we need).
        _ = withUnsafeMutablePointer(to: &collected) { MHD_get_connection_values(connection, kind, collectValue, $0) }
        return Dictionary(collected.map { (lowercased ? $0.0.lowercased() : $0.0, $0.1) }) { _, last in last }
    }

    /// Hands a response to libmicrohttpd (which copies bytes, or pulls a stream through `StreamedBody`). The
    /// corresponding C functions are `MHD_add_response_header` and `MHD_queue_response`.
    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        guard let made = makeResponse(response.body) else { return .NO }  // out of memory: the connection is closed
        defer { MHD_destroy_response(made) }
        // A header libmicrohttpd refuses (a CR or LF in its value) must not silently drop, say, the security
        // policy: the answer becomes a 500 instead.
        for (name, value) in response.headers where MHD_add_response_header(made, name, value) != .YES {
            guard response.status != 500 else { return .NO }
            return queue(.problem(500, "badHeader", "the answer had a header that cannot be sent; please report this"), on: connection)
        }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }

    /// The corresponding C functions are `MHD_create_response_from_buffer` and `MHD_create_response_from_callback`.
    private func makeResponse(_ body: HTTPResponse.Body) -> OpaquePointer? {
        switch body {
        case .bytes(let bytes):
            return bytes.withUnsafeBytes {
                MHD_create_response_from_buffer($0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .stream(let stream):
            let streamed = StreamedBody(stream, server: self)
            let context = Unmanaged.passRetained(streamed)
            // Unknown length (UInt64.max is MHD_SIZE_UNKNOWN): sent chunked, as long as the stream gives bytes.
            guard let made = MHD_create_response_from_callback(UInt64.max, 16 * 1024, readStream, context.toOpaque(), freeStream) else {
                context.release()  // libmicrohttpd never took it: its free callback will not run
                stream.cancel()
                return nil
            }
            streamsLock.lock(); openStreams[ObjectIdentifier(streamed)] = streamed; streamsLock.unlock()
            return made
        }
    }

    fileprivate func streamEnded(_ body: StreamedBody) {
        streamsLock.lock(); openStreams[ObjectIdentifier(body)] = nil; streamsLock.unlock()
    }
}

/// A streamed response while libmicrohttpd pulls it: bytes the stream gave that did not fit yet.
fileprivate final class StreamedBody {
    let stream: any ResponseStream
    weak var server: HTTPServer?
    var pending: [UInt8] = []
    /// How much of `pending` was handed over already (a backlog goes out in pieces; shifting it each time costs
    /// the square of its size).
    var sent = 0
    init(_ stream: any ResponseStream, server: HTTPServer) { self.stream = stream; self.server = server }

    /// Fills `buffer` with up to `limit` bytes; -1 (MHD_CONTENT_READER_END_OF_STREAM) when the stream is over.
    /// Never 0: libmicrohttpd would call again at once (a busy loop), so the stream waits instead.
    func read(into buffer: UnsafeMutablePointer<CChar>, limit: Int) -> Int {
        if sent == pending.count {
            guard let next = stream.next(), !next.isEmpty else { return -1 }
            pending = next
            sent = 0
        }
        let count = min(limit, pending.count - sent)
        pending.withUnsafeBytes { buffer.update(from: $0.bindMemory(to: CChar.self).baseAddress! + sent, count: count) }
        sent += count
        return count
    }
}

// MARK: C callbacks (no captures: the server or the stream comes back through the context pointer)

private let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, upload, uploadSize, state in
    guard let context, let connection, let url, let method, let uploadSize, let state else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    return server.access(connection, url: String(cString: url), method: String(cString: method), upload: upload,
                         uploadSize: uploadSize, state: state)
}

private let requestCompleted: MHD_RequestCompletedCallback = { context, _, state, _ in
    guard let context else { return }
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().completed(state)
}

private let collectValue: MHD_KeyValueIterator = { context, _, key, value in
    guard let context, let key else { return .YES }
    let collected = context.assumingMemoryBound(to: [(String, String)].self)
    collected.pointee.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
    return .YES
}

private let readStream: MHD_ContentReaderCallback = { context, _, buffer, limit in
    guard let context, let buffer else { return -1 }
    return Unmanaged<StreamedBody>.fromOpaque(context).takeUnretainedValue().read(into: buffer, limit: limit)
}

private let freeStream: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    let body = Unmanaged<StreamedBody>.fromOpaque(context).takeRetainedValue()
    body.stream.cancel()
    body.server?.streamEnded(body)
}
