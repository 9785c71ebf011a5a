import CardModel
import Foundation

/// One store used from several threads (a live session's event thread, a web server's connection threads): one
/// call at a time, because a SQLite connection is not shared across threads unguarded. Given a path, the store
/// is opened on first use, so a front end starts (and says what is wrong) even before it needs the store.
public final class SharedCardStore: @unchecked Sendable {
    private let lock = NSLock()
    private var store: CardStore?
    private let path: String

    /// Shares a store already open.
    public init(_ store: CardStore) { self.store = store; path = store.path }

    /// Opens `path` (nil: `CardStore.defaultPath(.current)`) on first use; a failed open is tried again next time.
    public init(path: String?) { self.path = path ?? CardStore.defaultPath(.current) }

    /// Runs `body` with the store, holding it for the duration.
    public func access<T>(_ body: (CardStore) throws(StoreError) -> T) throws(StoreError) -> T {
        lock.lock(); defer { lock.unlock() }
        if store == nil { store = try CardStore(path: path) }
        return try body(store!)
    }

    /// Saves the card a suggestion offers (`CardStore.save`: the same card twice is saved once).
    public func save(_ candidate: CardCandidate) throws(StoreError) -> (card: IDCard, created: Bool) {
        try access { store throws(StoreError) in try store.save(candidate) }
    }
}
