import CardModel
import CardStore
import Foundation

/// Opening the store the way every command does: `--store PATH`, else `CARDSCAN_STORE`, else the XDG location.
enum StoreAccess {
    static func open(_ path: String?) throws(StoreError) -> CardStore {
        try CardStore(path: path ?? CardStore.defaultPath())
    }

    /// A health number with its middle hidden (`943 *** 5919`, `JY ** ** ** A`-style), for list output unless
    /// `--reveal` is given.
    static func masked(_ card: IDCard) -> String {
        let n = card.number
        guard card.category == DefaultCategory.healthcare || card.category == DefaultCategory.insurance else { return n }
        if n.count == 10, n.allSatisfy(\.isNumber) { return "\(n.prefix(3)) *** \(n.suffix(4))" }
        if n.count > 6 && n.count < 30 { return String(n.prefix(2)) + String(repeating: "*", count: n.count - 4) + String(n.suffix(2)) }
        return n.count >= 30 ? String(n.prefix(12)) + "…" : n
    }
}
