import Foundation

/// Runs two independent jobs at the same time (the barcode and text paths of one image; zbar and zxing on one
/// live frame) and returns both results. The second runs on a helper thread; the caller's thread runs the first.
/// Each job must touch only its own state: that is what makes the unchecked box sound.
public func bothAtOnce<A, B>(_ first: () -> A, _ second: @escaping () -> B) -> (A, B) {
    let box = HelperJob(second)
    let thread = Thread { box.run() }
    thread.stackSize = 8 << 20
    thread.start()
    let a = first()
    box.done.wait()
    return (a, box.value!)
}

private final class HelperJob<B>: @unchecked Sendable {
    var value: B?
    let job: () -> B
    let done = DispatchSemaphore(value: 0)
    init(_ job: @escaping () -> B) { self.job = job }
    func run() { value = job(); done.signal() }
}
