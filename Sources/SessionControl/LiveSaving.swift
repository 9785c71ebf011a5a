import CardModel
import CardStore
import Foundation
import Recognition

/// The live rule in front of `CardSaving` (the one save path): `camera --save` saves what it is shown, a front
/// end's `accept` (`session --stdio`, `serve`) what a person picked; both go through here, so both refuse the same
/// things.
///
/// A camera's suggestion made from barcodes alone, before the card's text was read (`awaitingText`), is not saved
/// until a text reading of its scene has finished (`sceneRead` lists it in `settled`): alone, the Code 128 on an
/// NHS card is a bare 10-digit code, a membership card, until the card's label says whose number it is. After that
/// reading a person may still pick it by its id (even if the reading replaced it); `camera --save` saves it only
/// if nothing replaced it (the replacement, made from the text too, was saved in its place).
public final class LiveSaving: @unchecked Sendable {
    private let saver: CardSaving
    private let lock = NSLock()
    /// Suggestions waiting for their scene's text, by id.
    private var waiting: [String: Suggestion] = [:]
    private var replaced = Set<String>()
    /// Waiting suggestions whose session has ended: no reading will come for them.
    private var orphaned = Set<String>()

    public init(store: SharedCardStore) { saver = CardSaving(store: store) }

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
    public func save(_ suggestion: Suggestion, noValidate: Bool, time: Double, frame: Int? = nil) throws(SaveFailure) -> ScanEvent {
        lock.lock()
        let waits = waiting[suggestion.id] != nil, sessionEnded = orphaned.contains(suggestion.id)
        lock.unlock()
        if waits { throw .awaitingText(id: suggestion.id, sessionEnded: sessionEnded) }
        let (card, created) = try saver.save(suggestion, noValidate: noValidate)
        var saved = ScanEvent(.cardSaved, time: time, frame: frame)
        saved.card = card
        saved.reason = created ? "added" : "alreadySaved"
        return saved
    }
}
