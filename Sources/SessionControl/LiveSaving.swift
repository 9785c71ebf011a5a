import CardModel
import CardStore
import Foundation
import Recognition

/// The one save path of live sessions: `camera --save` saves what it is shown, a front end's `accept`
/// (`session --stdio`, `serve`) what a person picked; both go through here, so both refuse the same things.
///
/// A camera's suggestion made from barcodes alone, before the card's text was read (`awaitingText`), is not saved
/// until a text reading of its scene has finished (`sceneRead` lists it in `settled`): alone, the Code 128 on an
/// NHS card is a bare 10-digit code, a membership card, until the card's label says whose number it is. After that
/// reading a person may still pick it by its id (even if the reading replaced it); `camera --save` saves it only
/// if nothing replaced it (the replacement, made from the text too, was saved in its place).
public final class LiveSaving: @unchecked Sendable {
    /// Why a suggestion was not saved.
    public enum Failure: Error, Equatable, Sendable {
        /// Made from a barcode alone; its scene's text is still being read (or never was, when the session ended).
        case awaitingText(id: String, sessionEnded: Bool)
        /// A rule of the card's kind (an NHS test number without `noValidate`).
        case card(id: String, CardRefusal)
        /// A field of a card (a date of birth, a name), not a card.
        case notACard(id: String, type: String)
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

    private let store: SharedCardStore
    private let lock = NSLock()
    /// Suggestions waiting for their scene's text, by id.
    private var waiting: [String: Suggestion] = [:]
    private var replaced = Set<String>()
    /// Waiting suggestions whose session has ended: no reading will come for them.
    private var orphaned = Set<String>()

    public init(store: SharedCardStore) { self.store = store }

    /// Follows a session's events (ids as the consumer sees them). Returns the suggestions this event makes ready
    /// for a saver that saves everything it is shown (`camera --save`): a settled suggestion as it comes; one that
    /// waited, when the reading that ends its wait has not replaced it.
    @discardableResult
    public func follow(_ event: ScanEvent) -> [Suggestion] {
        lock.lock(); defer { lock.unlock() }
        switch event.event {
        case .suggestion:
            guard let suggestion = event.suggestion, suggestion.valid else { return [] }
            if let earlier = event.replaces { replaced.insert(earlier) }
            if event.awaitingText == true {
                waiting[suggestion.id] = suggestion
                return []
            }
            return suggestion.card == nil ? [] : [suggestion]
        case .sceneRead:
            let settled = (event.settled ?? []).compactMap { waiting.removeValue(forKey: $0) }
            return settled.filter { !replaced.contains($0.id) && $0.card != nil }
        case .sessionClosed:
            orphaned.formUnion(waiting.keys)
            return []
        default:
            return []
        }
    }

    /// The suggestions still waiting when their session ended (`camera --save` says each was not saved).
    public func neverSettled() -> [Suggestion] {
        lock.lock(); defer { lock.unlock() }
        return waiting.values.sorted { $0.id.count != $1.id.count ? $0.id.count < $1.id.count : $0.id < $1.id }
    }

    /// Saves `suggestion`'s card, unless it waits for its scene's text or its kind's rule refuses it (an NHS test
    /// number is kept only with `noValidate`). Returns the `cardSaved` event.
    public func save(_ suggestion: Suggestion, noValidate: Bool, time: Double, frame: Int? = nil) throws(Failure) -> ScanEvent {
        lock.lock()
        let waits = waiting[suggestion.id] != nil, sessionEnded = orphaned.contains(suggestion.id)
        lock.unlock()
        if waits { throw .awaitingText(id: suggestion.id, sessionEnded: sessionEnded) }
        guard let candidate = suggestion.card else { throw .notACard(id: suggestion.id, type: suggestion.type) }
        if !noValidate, let refusal = CardValidation.refusal(saving: suggestion) { throw .card(id: suggestion.id, refusal) }
        let card: IDCard, created: Bool
        do throws(StoreError) { (card, created) = try store.save(candidate) } catch { throw .store(error) }
        var saved = ScanEvent(.cardSaved, time: time, frame: frame)
        saved.card = card
        saved.reason = created ? "added" : "alreadySaved"
        return saved
    }
}
