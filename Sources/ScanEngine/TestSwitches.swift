import Foundation

/// Faults the tests inject into the real binary (a worker that aborts, hangs, prints junk or exits; a live
/// session that aborts), named by environment variables `CARDSCAN_TEST_…`.
///
/// Compiled only into test builds: `Scripts/test` builds with `-Xswiftc -DCARDSCAN_TEST_SWITCHES`. Any other
/// build (a release, a plain `swift build`) never reads these variables, so nobody can trip them on a real
/// batch of health cards.
enum TestSwitches {
    /// The variable's value when it is set and not empty (always nil outside test builds).
    static func value(_ name: String) -> String? {
        #if CARDSCAN_TEST_SWITCHES
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
        #else
        nil
        #endif
    }
}
