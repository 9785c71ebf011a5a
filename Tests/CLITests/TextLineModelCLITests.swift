import Foundation
import XCTest

/// The text-line detector's model missing or damaged, through the real CLI: one line on stderr naming the file,
/// whatever the number of photos or worker processes, and the scan goes on with tesseract's layout analysis
/// (the cards' numbers still found, exit 0).
final class TextLineModelCLITests: XCTestCase {
    static let samples = (ScanCommandTests.packageRoot as NSString).appendingPathComponent("SampleImages")
    let photos = ["gb-nhs-card-00", "gb-nhs-card-01", "gb-nhs-card-02"].map { "\(TextLineModelCLITests.samples)/\($0).jpg" }

    func nhsNumbers(_ stdout: String) -> Set<String> {
        Set(stdout.split(separator: "\n").compactMap { line -> [String]? in
            guard let result = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return (result["suggestions"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "nhsNumber" && $0["valid"] as? Bool == true }
                .compactMap { $0["value"] as? String }
        }.flatMap { $0 })
    }

    func expectedNumbers() throws -> Set<String> {
        Set(try photos.map { photo in
            let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath:
                (photo as NSString).deletingPathExtension + ".json"))) as! [String: Any]
            return (truth["fields"] as! [String: Any])["nhsNumber"] as! String
        })
    }

    func testAMissingModelIsNamedOnceAndTheScanGoesOn() throws {
        let folder = try ScanCommandTests.scratch(#function)
        let run = try ScanCommandTests.cardscan(["scan", "--json", "--jobs", "2", "--models", folder] + photos)
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("text-line model") }
        XCTAssertEqual(lines.count, 1, "one line for the run, not one per photo or worker:\n\(run.stderr)")
        XCTAssertTrue(lines.first?.contains("not found at \(folder)/text-lines-ppocrv4-det.onnx") ?? false, run.stderr)
        XCTAssertEqual(nhsNumbers(run.stdout), try expectedNumbers(), "read by tesseract's layout analysis")
    }

    func testADamagedModelIsNamedOnceAndTheScanGoesOn() throws {
        let folder = try ScanCommandTests.scratch(#function)
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: "\(folder)/text-lines-ppocrv4-det.onnx"))
        let run = try ScanCommandTests.cardscan(["scan", "--json", "--models", folder] + photos)
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("text-line model") }
        XCTAssertEqual(lines.count, 1, run.stderr)
        XCTAssertTrue(lines.first?.contains("is damaged") ?? false, run.stderr)
        XCTAssertEqual(nhsNumbers(run.stdout), try expectedNumbers())
    }

    /// The OpenVINO runtime's folder gone (`CARDSCAN_OPENVINO` names one that is not there): one line naming the
    /// runtime and `Scripts/setup`, and tesseract reads the cards alone.
    func testAMissingRuntimeIsNamedOnceAndTesseractReadsAlone() throws {
        let folder = try ScanCommandTests.scratch(#function) + "/no-runtime"
        let run = try ScanCommandTests.cardscan(["scan", "--json", "--jobs", "2"] + photos, environment: ["CARDSCAN_OPENVINO": folder])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("OpenVINO") }
        XCTAssertEqual(lines.count, 1, "one line for the run, not one per photo or worker:\n\(run.stderr)")
        XCTAssertTrue(lines.first?.contains(folder) ?? false, run.stderr)
        XCTAssertTrue(lines.first?.contains("Scripts/setup") ?? false, run.stderr)
        XCTAssertEqual(nhsNumbers(run.stdout), try expectedNumbers(), "read by tesseract alone")
    }

    /// The recogniser's model missing beside the detector's: named once, and the detector's lines are read by
    /// tesseract.
    func testAMissingRecogniserIsNamedOnceAndTesseractReadsTheLines() throws {
        let folder = try ScanCommandTests.scratch(#function)
        let installed = try XCTUnwrap(ProcessInfo.processInfo.environment["CARDSCAN_MODELS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share/cardscan/models")
        try FileManager.default.copyItem(atPath: "\(installed)/text-lines-ppocrv4-det.onnx", toPath: "\(folder)/text-lines-ppocrv4-det.onnx")
        let run = try ScanCommandTests.cardscan(["scan", "--json", "--jobs", "2", "--models", folder] + photos)
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("text recogniser") }
        XCTAssertEqual(lines.count, 1, run.stderr)
        XCTAssertTrue(lines.first?.contains("\(folder)/text-reader-ppocrv6-rec.onnx") ?? false, run.stderr)
        XCTAssertEqual(nhsNumbers(run.stdout), try expectedNumbers())
    }

    /// A recogniser's file that holds a character list but no network that runs (a model replaced by another file):
    /// the file check passes, the network fails to compile, and that is said on stderr (once a process: the run's
    /// two workers) while tesseract reads the detector's lines.
    func testARecogniserThatCannotRunIsNamedAndTesseractReadsTheLines() throws {
        let folder = try ScanCommandTests.scratch(#function)
        let installed = try XCTUnwrap(ProcessInfo.processInfo.environment["CARDSCAN_MODELS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share/cardscan/models")
        try FileManager.default.copyItem(atPath: "\(installed)/text-lines-ppocrv4-det.onnx", toPath: "\(folder)/text-lines-ppocrv4-det.onnx")
        // An ONNX ModelProto with only its metadata (field 14: key `character`, value `a`, `b`): no graph.
        func field(_ number: UInt8, _ bytes: [UInt8]) -> [UInt8] { [number << 3 | 2, UInt8(bytes.count)] + bytes }
        let entry = field(1, Array("character".utf8)) + field(2, Array("a\nb".utf8))
        try Data(field(14, entry)).write(to: URL(fileURLWithPath: "\(folder)/text-reader-ppocrv6-rec.onnx"))
        let run = try ScanCommandTests.cardscan(["scan", "--json", "--jobs", "2", "--models", folder] + photos)
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("the text recogniser cannot read") }
        XCTAssertTrue((1...2).contains(lines.count), run.stderr)
        XCTAssertTrue(lines.allSatisfy { $0.contains("tesseract reads the text lines") }, run.stderr)
        XCTAssertEqual(nhsNumbers(run.stdout), try expectedNumbers(), "read by tesseract")
    }

    func testModelsNeedsAFolder() throws {
        let run = try ScanCommandTests.cardscan(["scan", photos[0], "--models"])
        XCTAssertEqual(run.status, 64)
        XCTAssertTrue(run.stderr.contains("--models needs a folder"), run.stderr)
    }
}
