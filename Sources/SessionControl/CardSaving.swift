import CardModel
import CardStore
import Foundation
import Recognition

/// The one way a card gets into the store, whatever asked for it: `scan --save` (a still's suggestion),
/// `wristband` (the band's patient ID card), and, through `LiveSaving`, `camera --save` and a front end's
/// `accept`. Every path refuses the same things (a field that is not a card; an NHS test number unless
/// `noValidate`) and saves the same way: the same card shown twice is saved once (`CardStore.save`).
public struct CardSaving: Sendable {
    private let store: SharedCardStore

    public init(store: SharedCardStore) { self.store = store }

    /// Saves `suggestion`'s card. `created` is false when the store held that card already (it is returned, not
    /// added again) or a default card of that name was brought up to date.
    public func save(_ suggestion: Suggestion, noValidate: Bool) throws(SaveFailure) -> (card: IDCard, created: Bool) {
        guard let candidate = suggestion.card else { throw .notACard(id: suggestion.id, type: suggestion.type) }
        if !noValidate, let refusal = CardValidation.refusal(saving: suggestion) { throw .card(id: suggestion.id, refusal) }
        return try save(candidate)
    }

    /// Saves a card a rule made rather than a suggestion (the wristband's `Jersey Patient ID`).
    public func save(_ candidate: CardCandidate) throws(SaveFailure) -> (card: IDCard, created: Bool) {
        do throws(StoreError) { return try store.save(candidate) } catch { throw .store(error) }
    }
}

/// Why a card was not saved; `code` and `message` are what every front end shows (never the card's number).
public enum SaveFailure: Error, Equatable, Sendable {
    /// Made from a barcode alone; its scene's text is still being read (or never was, when the session ended).
    case awaitingText(id: String, sessionEnded: Bool)
    /// A rule of the card's kind (an NHS test number without `noValidate`).
    case card(id: String, CardRefusal)
    /// A field of a card (a date of birth, a name), not a card.
    case notACard(id: String, type: SuggestionKind)
    /// The store could not save it.
    case store(StoreError)

    public var code: String {
        switch self {
        case .awaitingText: "awaitingText"
        case .card(_, let refusal): refusal.code
        case .notACard: "notACard"
        case .store: "storeFailed"
        }
    }

    /// What happened and what to do next; never the card's number.
    public var message: String {
        switch self {
        case .awaitingText(let id, false):
            "\(id) not saved yet: it comes from the barcode alone and the card's text is still being read (it may be another kind of number); accept it after the sceneRead event that lists it"
        case .awaitingText(let id, true):
            "\(id) not saved: it comes from the barcode alone and the session ended before the card's text was read; show the card again and hold it still"
        case .card(let id, let refusal):
            "\(id) not saved: \(refusal)"
        case .notACard(let id, let type):
            "\(id) is a field of a card (\(type)), not a card"
        case .store(let error):
            error.description
        }
    }
}
