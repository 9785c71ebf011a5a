import CardStore
import Foundation

extension WebRoutes {
    /// Runs `body` with the store; a store error becomes 404 (no such card), 409 (ambiguous, or a refused change)
    /// or 500 (the store itself failed), with its message (which says "the card store", never its path or a number).
    func storeAnswer(_ body: (CardStore) throws(StoreError) -> HTTPResponse) -> HTTPResponse {
        do throws(StoreError) {
            return try store.access(body)
        } catch {
            switch error {
            case .notFound: return .problem(404, "notFound", error.description)
            case .ambiguous: return .problem(409, "ambiguous", error.description)
            case .invalid(let why):
                let wording = why.replacingOccurrences(of: "give --move-to OTHER or --delete-cards", with: "move them to another category or delete them with it")
                return .problem(409, "refused", wording)
            default: return .problem(500, "storeFailed", error.description(naming: "the card store"))
            }
        }
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
