import CardModel
import Decoding
import Evaluation
import Foundation
import ScanEngine
import XCTest

/// The same scan must give the same result however busy the machine is: the retry budget counts work, not
/// seconds (issue 12). The public corpus is scanned on a quiet machine and again with CPU-bound
/// processes running beside it (one per core), and every image's codes must be identical.
final class DeterminismTests: XCTestCase {
    func testSameResultsUnderLoad() throws {
        guard FileManager.default.fileExists(atPath: TestPaths.corpus) else { throw XCTSkip("corpus not beside the project") }
        let corpus = try BarcodeCorpus(root: TestPaths.corpus)
        let files = corpus.samples.map(\.imagePath)
        let quiet = scan(files)
        let burners = (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ -> Process in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", "while :; do :; done"]
            try? p.run()
            return p
        }
        defer { for p in burners { p.terminate(); p.waitUntilExit() } }
        let loaded = scan(files)
        var differences: [String] = []
        for (i, file) in files.enumerated() where quiet[i] != loaded[i] {
            differences.append("\((file as NSString).lastPathComponent): \(quiet[i]) vs \(loaded[i])")
        }
        print("determinism: \(files.count) images scanned quiet and under load; \(differences.count) differ")
        XCTAssertEqual(differences, [], "results changed with the machine's load")
    }

    /// Each image's codes as comparable strings: format, text, bytes and corners.
    private func scan(_ files: [String]) -> [[String]] {
        var options = ScanOptions()
        options.readsText = false
        var results = [[String]](repeating: [], count: files.count)
        ScanEngine.scanFiles(files, options: options) { index, outcome in
            guard case .scanned(let result) = outcome else { results[index] = ["failed"]; return }
            results[index] = result.items.map { "\($0.format?.rawValue ?? "?") \($0.text) \($0.bytes ?? "") \($0.bounds)" }.sorted()
        }
        return results
    }
}
