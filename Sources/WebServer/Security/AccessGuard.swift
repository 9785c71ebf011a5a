import Foundation

/// Who may use the server, checked on every request before anything else runs (README, "cardscan serve"):
/// 1. **Host** must name this server: an IP literal, `localhost`, or a name given with `--allow-host`, with our
///    port. A page elsewhere whose domain was re-pointed at 127.0.0.1 (DNS rebinding) sends its own name: refused.
/// 2. **Token**: the cookie set when the printed URL was opened, or `?token=` (that URL). Nothing is served without.
/// 3. **Origin**: a request that changes something must come from a page of this server (`Origin: http://<Host>`);
///    another site's page in the same browser cannot forge that (CSRF). The cookie is SameSite=Strict as well.
struct AccessGuard: Sendable {
    let token: AccessToken
    let port: Int
    /// Extra host names accepted (lowercased), from `--allow-host`.
    let allowedNames: Set<String>

    /// The cookie holding the token. The port is in its name: cookies are shared by every port of a host, and a
    /// second server on another port must not overwrite this one's.
    var cookieName: String { "cardscan_token_\(port)" }

    /// nil when the request may go on; else the refusal to send (4xx, JSON, with what to do).
    func refusal(for request: HTTPRequest) -> HTTPResponse? {
        guard let host = request.header("host"), acceptsHost(host) else {
            return .problem(421, "badHost", "this server answers to its own address only (http://127.0.0.1:\(port)/ or http://localhost:\(port)/); start it with --allow-host NAME to use another name")
        }
        guard token.matches(request.cookies[cookieName]) || token.matches(request.query["token"]) else {
            let what = request.cookies[cookieName] == nil && request.query["token"] == nil ? "no access token" : "a wrong access token"
            return .problem(403, "badToken", "\(what): open the URL `cardscan serve` printed (it holds the token), or restart it for a new one")
        }
        if request.changesState {
            guard let origin = request.header("origin"), origin.lowercased() == "http://" + host.lowercased() else {
                return .problem(403, "badOrigin", "\(request.method) requests must come from this server's own pages (Origin http://\(host))")
            }
        }
        return nil
    }

    /// `Set-Cookie` for a request that brought the token in its URL: later requests carry it by themselves.
    /// HttpOnly (scripts cannot read it), SameSite=Strict (other sites' requests go without it).
    func cookieHeader(for request: HTTPRequest) -> (name: String, value: String)? {
        guard token.matches(request.query["token"]) else { return nil }
        return ("Set-Cookie", "\(cookieName)=\(token.value); Path=/; HttpOnly; SameSite=Strict")
    }

    /// Whether a Host header names this server: `NAME[:PORT]` or `[IPv6][:PORT]`, the port ours (80 when absent).
    func acceptsHost(_ header: String) -> Bool {
        let host = header.lowercased()
        var name: Substring, portText: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            name = host[host.index(after: host.startIndex)..<close]
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty { guard rest.hasPrefix(":") else { return false }; portText = rest.dropFirst() }
            var v6 = in6_addr()
            guard inet_pton(AF_INET6, String(name), &v6) == 1 else { return false }
        } else {
            let parts = host.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return false }
            name = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
            var v4 = in_addr()
            let literal = inet_pton(AF_INET, String(name), &v4) == 1
            guard literal || name == "localhost" || allowedNames.contains(String(name)) else { return false }
        }
        return (portText.map { Int($0) } ?? 80) == port
    }
}
