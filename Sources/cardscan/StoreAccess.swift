import CardModel
import CardStore
import Foundation

/// Opening the store the way every command does: `--store PATH`, else `CARDSCAN_STORE`, else the XDG location.
enum StoreAccess {
    static func open(_ path: String?) throws(StoreError) -> CardStore {
        try CardStore(path: path ?? CardStore.defaultPath())
    }

    /// A health number with its middle hidden, for list output unless `--reveal` is given (`IDCard.maskedNumber`).
    static func masked(_ card: IDCard) -> String { card.maskedNumber }
}
