import CardModel
import CardStore
import Foundation
import Recognition
import Rendering

/// The saved cards and categories over HTTP: what `cardscan cards` and `cardscan categories` do, with the same
/// checks (`CardValidation`, as `cards add` and `cards edit`).
extension WebRoutes {
    /// A card as lists show it: the number masked when it is a health or insurance number (`GET /api/cards/ID`
    /// reveals it).
    struct CardSummary: Encodable {
        let id: UUID, name: String, category: String, region: Region?, isDefault: Bool, codeType: CodeType
        let createdAt: Date, updatedAt: Date
        let maskedNumber: String
        /// Whether `maskedNumber` hides part of the number.
        let masked: Bool
        init(_ card: IDCard) {
            id = card.id; name = card.name; category = card.category; region = card.region; isDefault = card.isDefault
            codeType = card.codeType; createdAt = card.createdAt; updatedAt = card.updatedAt
            maskedNumber = card.maskedNumber; masked = card.maskedNumber != card.number
        }
    }

    /// What a person types in the card form (`POST /api/cards`, `PUT /api/cards/ID`; in an edit every field is optional).
    struct CardForm: Decodable {
        var name: String?, number: String?, category: String?, region: String?, codeType: String?, isDefault: Bool?
        /// Save even when the number fails its kind's check (`--no-validate`).
        var skipValidation: Bool?
    }

    static let cardExample = #"{"name":"NHS Number","number":"9990000018","category":"Healthcare","region":"GB"}"#

    /// `GET /api/cards[?q=TEXT][&category=C]`: cards (masked) grouped in category order, and the categories.
    func listCards(_ request: HTTPRequest) -> HTTPResponse {
        storeAnswer { store throws(StoreError) in
            let text = request.query["q"]?.trimmed ?? ""
            var cards = text.isEmpty ? try store.cards() : try store.search(text)
            if let category = request.query["category"], !category.isEmpty { cards = cards.filter { $0.category == category } }
            let categories = try store.categories().map { CategorySummary(name: $0.name, cards: $0.cards) }
            // Category order, and the default card first in each (the store's order).
            let order = Dictionary(categories.enumerated().map { ($1.name.lowercased(), $0) }) { first, _ in first }
            cards = cards.enumerated().sorted {
                let a = order[$0.element.category.lowercased()] ?? .max, b = order[$1.element.category.lowercased()] ?? .max
                return a != b ? a < b : ($0.element.isDefault != $1.element.isDefault ? $0.element.isDefault : $0.offset < $1.offset)
            }.map(\.element)
            struct Answer: Encodable { let cards: [CardSummary]; let categories: [CategorySummary] }
            return .json(Answer(cards: cards.map(CardSummary.init), categories: categories))
        }
    }

    /// `GET /api/cards/ID`: the card with its number (what "Reveal" and the Show page ask for).
    func showCard(_ id: String) -> HTTPResponse {
        storeAnswer { store throws(StoreError) in .json(try store.card(idPrefix: id)) }
    }

    /// `POST /api/cards`: a card typed in ("Enter manually", or a suggestion's card after the person edited it).
    func addCard(_ request: HTTPRequest) -> HTTPResponse {
        let form: CardForm
        switch request.decodeJSON(CardForm.self, example: Self.cardExample) {
        case .failure(let problem): return problem.response
        case .success(let decoded): form = decoded
        }
        guard let name = form.name?.trimmed, !name.isEmpty, let number = form.number?.trimmed, !number.isEmpty,
              let category = form.category?.trimmed, !category.isEmpty else {
            return .problem(400, "missingField", "a card needs a name, a number and a category; e.g. \(Self.cardExample)")
        }
        var card = IDCard(name: name, number: number, category: category)
        if let problem = apply(form, to: &card) { return problem }
        return storeAnswer { store throws(StoreError) in .json(status: 201, try store.add(card)) }
    }

    /// `PUT /api/cards/ID`: changes the fields given.
    func editCard(_ id: String, _ request: HTTPRequest) -> HTTPResponse {
        let form: CardForm
        switch request.decodeJSON(CardForm.self, example: #"{"name":"My NHS card"}"#) {
        case .failure(let problem): return problem.response
        case .success(let decoded): form = decoded
        }
        return storeAnswer { store throws(StoreError) in
            var card = try store.card(idPrefix: id)
            if let v = form.name?.trimmed, !v.isEmpty { card.name = v }
            if let v = form.number?.trimmed, !v.isEmpty { card.number = v }
            if let v = form.category?.trimmed, !v.isEmpty { card.category = v }
            if let problem = apply(form, to: &card) { return problem }
            try store.update(card)
            return .json(try store.card(idPrefix: card.id.uuidString))
        }
    }

    /// Region, code type and default from the form, then the number checked as `cards add` checks it.
    private func apply(_ form: CardForm, to card: inout IDCard) -> HTTPResponse? {
        if let code = form.region {
            if code.isEmpty { card.region = nil } else {
                guard let region = Region(code: code) else { return .problem(400, "badRegion", "unknown region '\(code.prefix(10))'; use GB, JE or GG") }
                card.region = region
            }
        }
        if let type = form.codeType {
            guard let codeType = CodeType(rawValue: type) else {
                return .problem(400, "badCodeType", "unknown code type '\(type.prefix(20))'; use one of \(CodeType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            card.codeType = codeType
        }
        if let isDefault = form.isDefault { card.isDefault = isDefault }
        if form.skipValidation != true,
           let refusal = CardValidation.refusal(name: card.name, number: card.number, category: card.category, region: card.region) {
            return .problem(422, refusal.reason == .testNumber ? "testNumber" : "invalidNumber", refusal.problem)
        }
        return nil
    }

    /// `DELETE /api/cards/ID`.
    func deleteCard(_ id: String) -> HTTPResponse {
        storeAnswer { store throws(StoreError) in try store.delete(idPrefix: id); return .json(["deleted": id]) }
    }

    /// `POST /api/cards/ID/duplicate`: a copy named "… (copy)", not a default.
    func duplicateCard(_ id: String) -> HTTPResponse {
        storeAnswer { store throws(StoreError) in .json(status: 201, try store.duplicate(idPrefix: id)) }
    }

    /// `POST /api/cards/ID/default`: the card becomes its category's default (and no other is).
    func makeDefault(_ id: String) -> HTTPResponse {
        storeAnswer { store throws(StoreError) in
            try store.makeDefault(idPrefix: id)
            return .json(try store.card(idPrefix: id))
        }
    }

    /// `GET /api/cards/ID/code.png[?scale=N]`: the card's code as `cardscan show` draws it (Code 128 for numbers, QR
    /// for demographic strings, the card's own type otherwise), black on white.
    func codePicture(_ id: String, _ request: HTTPRequest) -> HTTPResponse {
        let scale = request.query["scale"].flatMap(Float.init).map { min(max($0, 1), 12) } ?? 4
        return storeAnswer { store throws(StoreError) in
            let card = try store.card(idPrefix: id)
            do {
                let png = try CodeRenderer.image(for: card, scale: scale).pngData()
                return HTTPResponse(status: 200, contentType: "image/png", bytes: png)
            } catch {
                return .problem(500, "renderFailed", "the code could not be drawn: \(error)")
            }
        }
    }
}
