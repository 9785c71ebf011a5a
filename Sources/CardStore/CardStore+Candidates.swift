import CardModel
import Foundation

extension CardStore {
    /// Saves the card a suggestion offers, the way a live scan needs it: the same card shown twice is saved once
    /// (same category and number returns the existing card), and a default card with the name of an existing one
    /// in its category (the wristband's "Jersey Patient ID") updates that card instead of adding another.
    ///
    /// The lookup and the write are one `BEGIN IMMEDIATE` transaction: two sessions saving at once (two
    /// `camera --wristband --save` runs) queue on the write lock, so the second sees the first one's card and
    /// updates it instead of adding another "Jersey Patient ID".
    public func save(_ candidate: CardCandidate) throws(StoreError) -> (card: IDCard, created: Bool) {
        try db.write { () throws(StoreError) -> (card: IDCard, created: Bool) in
            let existing = try cards(category: candidate.category)
            // Compared as stored: a number typed with spaces before the store compacted numbers is the same card.
            let number = IDCard.compacted(number: candidate.number)
            if let same = existing.first(where: { IDCard.compacted(number: $0.number) == number && $0.name == candidate.name }) {
                return (same, false)
            }
            if candidate.isDefault, var named = existing.first(where: { $0.name == candidate.name }) {
                named.number = candidate.number; named.isDefault = true; named.region = candidate.region
                named.codeType = candidate.codeType; named.updatedAt = Date()
                return (try replace(named), false)
            }
            return (try insert(IDCard(candidate: candidate)), true)
        }
    }
}
