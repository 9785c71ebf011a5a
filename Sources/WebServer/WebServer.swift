import CardModel
import Capture
import CardStore
import Foundation
import SessionControl

/// `cardscan serve`: the web front end. A libmicrohttpd server on `options.bind` (loopback unless told otherwise),
/// every request checked by the `AccessGuard` (Host, token, Origin), then answered by `WebRoutes`. The live session
/// is a `SessionController`'s, as for `session --stdio`; its events go to every open page.
public final class WebServer: @unchecked Sendable {
    public struct Options: Sendable {
        /// Default 8080; 0 lets the system choose (the URL printed says which).
        public var port = 8080
        /// Default 127.0.0.1: only this machine can connect.
        public var bind = "127.0.0.1"
        /// Host names accepted besides IP literals and `localhost` (`--allow-host`).
        public var allowedHosts: [String] = []
        public var session: SessionController.Settings
        public var storePath: String?
        /// One line per request on stderr, method, path and status only (`--verbose`): never a query (a search may
        /// be a health number) nor a body.
        public var log: (@Sendable (String) -> Void)?
        public init(session: SessionController.Settings) { self.session = session }
    }

    /// The address to open: it holds the token.
    public let url: String
    private let http: HTTPServer
    private let controller: SessionController
    private let events: EventBroadcast
    private let uploads: UploadFolder

    /// Why the server did not start; each says what to change.
    public enum StartError: Error, CustomStringConvertible {
        case listen(HTTPServerError)
        case store(StoreError)
        case uploads(String)
        public var description: String {
            switch self {
            case .listen(let error): error.description
            case .store(let error): error.description
            case .uploads(let why): why
            }
        }
    }

    public init(options: Options) throws(StartError) {
        let events = EventBroadcast()
        let store = SharedCardStore(path: options.storePath)
        // The store is opened now, so a wrong --store stops the start with its path instead of failing each page.
        do throws(StoreError) { try store.access { _ throws(StoreError) in } } catch { throw .store(error) }
        var settings = options.session
        settings.hidesStorePath = true  // a page is not told where the server keeps its files
        let controller = SessionController(settings: settings, store: store) { events.publish($0) }
        let uploads: UploadFolder
        do throws(UploadFolder.Failure) { uploads = try UploadFolder() } catch { throw .uploads(error.description) }
        let routes = WebRoutes(controller: controller, store: store, events: events,
                               status: ServerStatus(region: options.session.region,
                                                    device: V4L2Camera.devicePath(options.session.device, settings: .current),
                                                    size: options.session.size.description),
                               uploads: uploads)
        let token = AccessToken.random()
        let guardBox = GuardBox()
        let http: HTTPServer
        do throws(HTTPServerError) {
            http = try Self.listen(options, routes: routes, access: guardBox)
        } catch {
            uploads.removeAll()
            throw .listen(error)
        }
        self.http = http
        // The guard needs the port actually bound (0 asks the system to choose).
        guardBox.value = AccessGuard(token: token, port: http.port, allowedNames: Set(options.allowedHosts.map { $0.lowercased() }))
        // Listening on every address (0.0.0.0, ::): the address printed is this machine's loopback one.
        let host = options.bind == "0.0.0.0" ? "127.0.0.1" : options.bind == "::" ? "[::1]"
            : options.bind.contains(":") ? "[\(options.bind)]" : options.bind
        url = "http://\(host):\(http.port)/?token=\(token.value)"
        self.controller = controller
        self.events = events
        self.uploads = uploads
    }

    /// Starts listening: each request is screened by the guard when its headers arrive, then answered by the
    /// routes, with the security headers on every answer.
    private static func listen(_ options: Options, routes: WebRoutes, access guardBox: GuardBox) throws(HTTPServerError) -> HTTPServer {
        let log = options.log
        return try HTTPServer(address: options.bind, port: options.port, maxBodyBytes: 32_000_000,
                              screen: { request in
                                  guard let access = guardBox.value else { return secured(starting) }
                                  return access.refusal(for: request).map(secured)
                              },
                              handler: { request in
                                  guard let access = guardBox.value else { return secured(starting) }
                                  var response = secured(answer(request, routes: routes))
                                  if let cookie = access.cookieHeader(for: request) { response.addHeader(cookie.name, cookie.value) }
                                  log?("serve: \(request.method) \(request.path) \(response.status)")
                                  return response
                              })
    }

    /// A page opened with the token in its URL is sent on to the same page without it (the cookie carries it from
    /// now on), so the token does not stay in the address bar or the history.
    private static func answer(_ request: HTTPRequest, routes: WebRoutes) -> HTTPResponse {
        // Only to the pages themselves: a path such as "//elsewhere.example" must not become a redirect away.
        if request.method == "GET", request.query["token"] != nil, ["/", "/scan", "/cards", "/show"].contains(request.path) {
            let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "" }
            let rest = request.query.filter { $0.key != "token" }.map { "\(encode($0.key))=\(encode($0.value))" }.sorted()
            return .redirect(to: (request.path == "/" ? "/scan" : request.path) + (rest.isEmpty ? "" : "?" + rest.joined(separator: "&")))
        }
        return routes.handle(request)
    }

    /// The answer in the moment between listening and knowing the port (nothing is served unchecked).
    private static let starting = HTTPResponse.problem(503, "starting", "the server is starting; try again in a moment")

    private static func secured(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        for header in SecurityHeaders.all { response.addHeader(header.name, header.value) }
        return response
    }

    /// Stops the session (its `sessionClosed` is delivered), ends the event streams, stops listening, and removes
    /// the uploaded photos' folder.
    public func stop() {
        controller.stop()
        events.close()
        http.stop()
        uploads.removeAll()
    }
}

/// The guard, set once the port is known; read by every connection thread after that.
private final class GuardBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: AccessGuard?
    var value: AccessGuard? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
