import CardModel
import CardStore
import Foundation

/// Opening the store the way every command does: `--store PATH`, else `CARDSCAN_STORE`, else the XDG location.
enum StoreAccess {
    static func open(_ path: String?) throws(StoreError) -> CardStore {
        try CardStore(path: path ?? CardStore.defaultPath(.current))
    }

}
