/// One HTTP request as the routes see it: plain values copied out of libmicrohttpd.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path, percent-decoded, without the query (`/api/cards/…`).
    public var path: String
    /// Query arguments, decoded (the last one wins when a name repeats).
    public var query: [String: String]
    /// Header values by lowercased name.
    public var headers: [String: String]
    public var cookies: [String: String]
    public var body: [UInt8]

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                cookies: [String: String] = [:], body: [UInt8] = []) {
        self.method = method; self.path = path; self.query = query; self.headers = headers; self.cookies = cookies; self.body = body
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// POST, PUT, PATCH and DELETE change something: they need the page's own Origin (CSRF).
    public var changesState: Bool { !["GET", "HEAD", "OPTIONS"].contains(method) }
}
