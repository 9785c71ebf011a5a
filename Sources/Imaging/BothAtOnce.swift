import Foundation

/// Runs two independent jobs at the same time (the barcode and text paths of one image; zbar and zxing on one
/// live frame) and returns both results. The second runs on a helper thread; the caller's thread runs the first.
/// Each job must touch only its own state: that is what makes the unchecked box sound.
public func bothAtOnce<A, B>(_ first: () -> A, _ second: @escaping () -> B) -> (A, B) {
    let helper = InBackground(second)
    let a = first()
    return (a, helper.value)
}

/// A job started now on a helper thread, whose result is waited for where it is needed (`value`): for work
/// that overlaps several steps of the caller's rather than one. The job must touch only its own state.
public final class InBackground<Value>: @unchecked Sendable {
    private var result: Value?
    private let job: () -> Value
    private let done = DispatchSemaphore(value: 0)

    public init(_ job: @escaping () -> Value) {
        self.job = job
        let thread = Thread { [self] in
            result = self.job()
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    private var waited = false

    /// The job's result, waiting for it the first time (`result` is only read after the semaphore says the helper
    /// has written it). Read from one thread only.
    public var value: Value {
        if !waited { done.wait(); waited = true }
        return result!
    }
}
