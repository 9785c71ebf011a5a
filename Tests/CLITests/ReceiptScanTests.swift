import Evaluation
import Foundation
import XCTest

/// The text stage on real scans nobody here made (../shared/corpus/receipts-dev: 120 SROIE receipt scans with
/// typed key fields): cardscan must never read less than the tesseract CLI alone. Both run in this test, on the
/// same files, scored as the set's README says (whitespace-normalised upper-case text; date, total and company
/// as substrings, an address when 80% of its words are present).
final class ReceiptScanTests: XCTestCase {
    static let corpus = (ScanCommandTests.packageRoot as NSString).appendingPathComponent("../shared/corpus/receipts-dev")
    static let fields = ReceiptScore.fields

    func testTextStageReadsAtLeastWhatTesseractReadsAlone() throws {
        try ScanCommandTests.requireCorpus(Self.corpus)
        let images = try FileManager.default.contentsOfDirectory(atPath: "\(Self.corpus)/img").filter { $0.hasSuffix(".jpg") }.sorted()
        XCTAssertEqual(images.count, 120)

        let run = try ScanCommandTests.cardscan(["scan", "--json", "--formats", "qr", "\(Self.corpus)/img"])
        XCTAssertEqual(run.status, 0, run.stderr)
        var ours: [String: String] = [:]
        // The receipts that offer a valid value of each of these kinds (none holds one: see the end).
        var offering: [String: [String]] = ["postcode": [], "name": [], "dateOfBirth": []]
        for line in run.stdout.split(separator: "\n") {
            let result = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let suggestions = result["suggestions"] as? [[String: Any]] ?? []
            for kind in offering.keys where suggestions.contains(where: { $0["type"] as? String == kind && $0["valid"] as? Bool == true }) {
                offering[kind]!.append(((result["source"] as! String) as NSString).lastPathComponent)
            }
            let text = (result["items"] as! [[String: Any]]).filter { $0["kind"] as? String == "text" }.map { $0["text"] as! String }
            ours[((result["source"] as! String) as NSString).lastPathComponent] = text.joined(separator: " ")
        }
        let keys = try images.map { image in
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath:
                "\(Self.corpus)/key/\((image as NSString).deletingPathExtension).json"))) as! [String: String]
        }
        var ourHits: [String: Int] = [:]
        for (image, key) in zip(images, keys) {
            for field in Self.fields where Self.hit(field, key[field] ?? "", in: ours[image] ?? "") { ourHits[field, default: 0] += 1 }
        }
        let cliHits = try TesseractCLIBaseline.hits(images: images, keys: keys)
        // cardscan's hits as a table: `cardscan-bench score` over a `scan --json` of the set.
        for field in Self.fields {
            XCTAssertGreaterThanOrEqual(ourHits[field] ?? 0, cliHits[field] ?? 0,
                                        "\(field): cardscan reads \(ourHits[field] ?? 0), less than tesseract alone (\(cliHits[field] ?? 0))")
        }
        // Malaysian till receipts hold no UK postcode and no one's name or date of birth: every valid one offered is
        // a misreading. Before postcodes had to lie in an area that exists (`PostcodeArea`), 29 receipts offered one
        // (`S0N 8HD` on 16); since, 3. Before a receipt's unlabelled names and dates were refused (`TillReceipt`),
        // 42 offered a name (`KAYA PUFF`, `Sub Total`) and 38 a date of birth (the sale's date); since, 1 each.
        for (kind, receipts) in offering.sorted(by: { $0.key < $1.key }) {
            XCTAssertLessThanOrEqual(receipts.count, 6, "\(kind) read into receipts that hold none: \(receipts)")
        }
    }

    static func hit(_ field: String, _ value: String, in text: String) -> Bool { ReceiptScore.hit(field, value, in: text) }

    /// `tesseract IMAGE stdout` with its defaults (OMP_THREAD_LIMIT=1, its fastest setting here), two at a time.
    static func tesseractCLI(_ paths: [String]) throws -> [String: String] {
        let results = Locked([String: String]())
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for path in paths.enumerated().filter({ $0.offset % 2 == worker }).map(\.element) {
                let p = Process()
                p.executableURL = URL(fileURLWithPath: "/usr/bin/tesseract")
                p.arguments = [path, "stdout"]
                p.environment = ProcessInfo.processInfo.environment.merging(["OMP_THREAD_LIMIT": "1"]) { $1 }
                let out = Pipe()
                p.standardOutput = out
                p.standardError = FileHandle.nullDevice
                guard (try? p.run()) != nil else { continue }
                let data = out.fileHandleForReading.readDataToEndOfFile()
                p.waitUntilExit()
                results.mutate { $0[path] = String(decoding: data, as: UTF8.self) }
            }
        }
        XCTAssertEqual(results.value.count, paths.count, "the tesseract CLI ran on every receipt")
        return results.value
    }
}
