import XCTest

/// The fault switches (`CARDSCAN_TEST_WORKER_…`, `CARDSCAN_TEST_SESSION_ABORT_AT_FRAME`) exist only in binaries
/// built with `-Xswiftc -DCARDSCAN_TEST_SWITCHES`, as Scripts/test builds them. This test bundle is built with the
/// same flags as the binary beside it, so it can tell, and a fault test then fails saying how to build instead of
/// passing or failing for the wrong reason.
enum TestBuild {
    struct MissingSwitches: Error, CustomStringConvertible {
        var description: String {
            "this build has no fault switches: build with Scripts/test, or swift build --build-tests -Xswiftc -DCARDSCAN_TEST_SWITCHES"
        }
    }

    static func requireFaultSwitches() throws {
        #if !CARDSCAN_TEST_SWITCHES
        throw MissingSwitches()
        #endif
    }
}
