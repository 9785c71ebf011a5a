import CardStore

/// Categories over HTTP, as `cardscan categories` has them: names with their card counts, added, deleted.
extension WebRoutes {
    struct CategorySummary: Encodable { let name: String; let cards: Int }

    /// `GET /api/categories`: names and card counts.
    func listCategories() -> HTTPResponse {
        storeAnswer { store throws(StoreError) in .json(try store.categories().map { CategorySummary(name: $0.name, cards: $0.cards) }) }
    }

    /// `POST /api/categories` `{"name":"Gym"}`.
    func addCategory(_ request: HTTPRequest) -> HTTPResponse {
        struct Form: Decodable { let name: String }
        switch request.decodeJSON(Form.self, example: #"{"name":"Gym"}"#) {
        case .failure(let problem): return problem.response
        case .success(let form) where form.name.trimmed.isEmpty:
            return .problem(400, "missingField", #"a category needs a name, e.g. {"name":"Gym"}"#)
        case .success(let form):
            return storeAnswer { store throws(StoreError) in try store.addCategory(form.name); return .json(status: 201, ["added": form.name.trimmed]) }
        }
    }

    /// `DELETE /api/categories/NAME[?moveTo=OTHER|?deleteCards=1]`: refused (409) while it holds cards, unless they
    /// move or go with it.
    func deleteCategory(_ name: String, _ request: HTTPRequest) -> HTTPResponse {
        storeAnswer { store throws(StoreError) in
            try store.deleteCategory(name, moveTo: request.query["moveTo"].flatMap { $0.isEmpty ? nil : $0 },
                                     deleteCards: request.query["deleteCards"] == "1")
            return .json(["deleted": name])
        }
    }
}
