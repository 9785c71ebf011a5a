import Foundation

/// Where suggestion ids (`s1`, `s2`…) come from. A still's suggestions are numbered within its result, best first
/// (`SuggestionBuilder`); a live session's are handed out as they are emitted by one counter, which a front end's
/// run shares across its sessions (`SessionController`), so an id a person can accept is never given twice.
public final class SuggestionIds: @unchecked Sendable {
    /// The id of the `number`th suggestion (from 1).
    public static func id(_ number: Int) -> String { "s\(number)" }

    private let lock = NSLock()
    private var count = 0

    public init() {}

    /// The next id of this counter.
    public func next() -> String {
        lock.withLock { count += 1; return Self.id(count) }
    }
}
