import Foundation

/// tesseract is built with OpenMP, whose runtime reads `OMP_THREAD_LIMIT` once, when the library is loaded —
/// before `main` runs, so setting it in the process is too late (LIBRARY-NOTES.md measured p90 989 ms vs 159 ms).
/// cardscan parallelises across engines instead, so every executable calls this first: when the variable is
/// missing it sets it and starts the same program again with the same arguments.
public enum OpenMPSetup {
    public static func restartWithOneThreadPerEngineIfNeeded() {
        guard ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // exec failed (no /proc?): go on with OpenMP's default threads — slower, same results.
    }
}
