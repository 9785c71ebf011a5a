import CardModel
import CardStore
import Foundation
import SessionControl

/// Every answer `cardscan serve` gives, by method and path. Requests have passed the `AccessGuard` before they get
/// here; nothing here trusts a body: each is decoded with a 4xx for what is wrong.
final class WebRoutes: @unchecked Sendable {
    let controller: SessionController
    let store: SharedCardStore
    let events: EventBroadcast
    let preview = PreviewEncoder()
    let status: ServerStatus
    let uploads: UploadFolder

    init(controller: SessionController, store: SharedCardStore, events: EventBroadcast, status: ServerStatus, uploads: UploadFolder) {
        self.controller = controller; self.store = store; self.events = events; self.status = status; self.uploads = uploads
    }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let path = RoutePath(request.path)
        switch request.method {
        case "GET":
            if path.matches("") { return .redirect(to: "/scan") }
            if path.matches("scan") || path.matches("cards") || path.matches("show") { return page(path.parts[0]) }
            if let name = path.capture("assets/*") { return asset(name[0]) }
            if path.matches("api/status") { return serverStatus(request) }
            if path.matches("api/events") { return eventStream() }
            if path.matches("api/preview") { return previewPicture(request) }
            if path.matches("api/cards") { return listCards(request) }
            if let id = path.capture("api/cards/*") { return showCard(id[0]) }
            if let id = path.capture("api/cards/*/code.png") { return codePicture(id[0], request) }
            if path.matches("api/categories") { return listCategories() }
        case "POST":
            if path.matches("api/session") { return sessionCommand(request) }
            if path.matches("api/scan") { return scanUpload(request) }
            if path.matches("api/cards") { return addCard(request) }
            if let id = path.capture("api/cards/*/duplicate") { return duplicateCard(id[0]) }
            if let id = path.capture("api/cards/*/default") { return makeDefault(id[0]) }
            if path.matches("api/categories") { return addCategory(request) }
        case "PUT":
            if let id = path.capture("api/cards/*") { return editCard(id[0], request) }
        case "DELETE":
            if let id = path.capture("api/cards/*") { return deleteCard(id[0]) }
            if let name = path.capture("api/categories/*") { return deleteCategory(name[0], request) }
        default:
            break
        }
        return .problem(404, "notFound", "no \(request.method) \(request.path) here; the pages are /scan, /cards and /show (README: the API)")
    }
}

/// A request path split at "/", matched against patterns where `*` stands for one segment.
struct RoutePath {
    let parts: [String]
    init(_ path: String) { parts = path.split(separator: "/").map(String.init) }

    func matches(_ pattern: String) -> Bool { capture(pattern) != nil }

    /// The segments standing for the pattern's `*`s, or nil when the path does not match.
    func capture(_ pattern: String) -> [String]? {
        let wanted = pattern.split(separator: "/").map(String.init)
        guard wanted.count == parts.count else { return nil }
        var captured: [String] = []
        for (want, part) in zip(wanted, parts) {
            if want == "*" { captured.append(part) } else if want != part { return nil }
        }
        return captured
    }
}

extension HTTPResponse {
    static func redirect(to location: String) -> HTTPResponse {
        HTTPResponse(status: 303, headers: [("Location", location)])
    }
}
