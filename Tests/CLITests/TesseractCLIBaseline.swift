import Foundation
import XCTest

/// What the tesseract CLI alone reads on the receipt set (ReceiptScanTests' bar), without running it every time.
///
/// Running `tesseract IMAGE stdout` over the 120 receipts took 70 of the suite's ~415 s, and its answer depends only
/// on its inputs: the tesseract binary and libraries, the model files, the images, the typed keys and how a hit is
/// scored. Tests/Baselines/receipts-dev-tesseract-cli.json records the hit counts under a fingerprint of all of
/// those; when the fingerprint here is a recorded one the counts are used, otherwise (another tesseract, another
/// model, a changed image or key, `scoring` bumped) the CLI runs as before and the test prints the record to add.
/// `CARDSCAN_RECEIPTS_CLI=run` always runs it (and says whether it agrees with the record).
///
/// The file holds a list: machines built from the same Debian release can still differ in the tesseract binary's
/// bytes (a rebuilt package), and each such machine's record is kept, so CI does not rerun the CLI (~150 s on a
/// slow machine) whichever of them it lands on.
enum TesseractCLIBaseline {
    /// Bump when `ReceiptScore.hit` or `normalised` changes how a field is scored.
    static let scoring = 1
    static let record = (ScanCommandTests.packageRoot as NSString).appendingPathComponent("Tests/Baselines/receipts-dev-tesseract-cli.json")

    struct Record: Codable, Equatable {
        var fingerprint: String
        var hits: [String: Int]
    }

    static func hits(images: [String], keys: [[String: String]]) throws -> [String: Int] {
        let fingerprint = try Self.fingerprint()
        let records = (try? Data(contentsOf: URL(fileURLWithPath: record))).flatMap { try? JSONDecoder().decode([Record].self, from: $0) } ?? []
        let recorded = records.first { $0.fingerprint == fingerprint }
        let forced = ProcessInfo.processInfo.environment["CARDSCAN_RECEIPTS_CLI"] == "run"
        if let recorded, !forced {
            print("tesseract CLI: recorded hits for this tesseract, model and set (\(record)); CARDSCAN_RECEIPTS_CLI=run reruns it")
            return recorded.hits
        }
        let paths = images.map { "\(ReceiptScanTests.corpus)/img/\($0)" }
        let texts = try ReceiptScanTests.tesseractCLI(paths)
        var hits: [String: Int] = [:]
        for (path, key) in zip(paths, keys) {
            for field in ReceiptScanTests.fields where ReceiptScanTests.hit(field, key[field] ?? "", in: texts[path] ?? "") {
                hits[field, default: 0] += 1
            }
        }
        let fresh = Record(fingerprint: fingerprint, hits: hits)
        if let recorded {
            XCTAssertEqual(fresh, recorded, "the tesseract CLI no longer gives the recorded hits for the same inputs")
        } else {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            print("tesseract CLI: no record for these inputs; to reuse this run, add this record to the list in \(record):\n"
                  + String(decoding: try encoder.encode(fresh), as: UTF8.self))
        }
        return hits
    }

    /// SHA-256 over `tesseract --version`, the tesseract binary and library, every model file, the set's images and
    /// keys, and `scoring`.
    static func fingerprint() throws -> String {
        let script = """
            set -eo pipefail
            {
            tesseract --version 2>&1
            tessdata=$(tesseract --list-langs 2>&1 | sed -n 's/.*"\\(.*\\)".*/\\1/p')
            lib=$(ldd "$(command -v tesseract)" | grep -o '/[^ ]*libtesseract[^ ]*' || true)
            sha256sum "$(readlink -f "$(command -v tesseract)")" $lib "$tessdata"/*.traineddata | sed 's| .*/| |'
            cd "$1" && sha256sum img/*.jpg key/*.json
            echo "scoring \(scoring)"
            } | sha256sum
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", script, "bash", ReceiptScanTests.corpus]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let digest = String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
        guard p.terminationStatus == 0, digest.count == 64 else {
            throw NSError(domain: "TesseractCLIBaseline", code: 1, userInfo: [NSLocalizedDescriptionKey: "could not fingerprint the tesseract CLI and the set"])
        }
        return digest
    }
}
