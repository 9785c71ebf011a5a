import CardModel
import Decoding
import Evaluation
import Foundation
import Imaging
import ScanEngine
import XCTest

/// The public barcode corpus (../shared/corpus/barcodes), scored as its README says, with thresholds per folder
/// in the style of zxing-cpp's blackbox tests: a minimum number of passes and a maximum number of misreads.
/// Loosening a threshold takes its own commit saying why.
final class CorpusTests: XCTestCase {
    struct Threshold {
        let set: String
        let minimumPasses: Int
        let maximumMisreads: Int
        /// How zbarimg and zxing-cpp 3.1 did on the same folder (the corpus README), printed beside ours.
        let zbarimg: Int
        let zxingCpp31: Int
    }

    // Minimums are what this reader reached when the test was written, never below zbarimg's count.
    static let thresholds: [Threshold] = [
        .init(set: "code128-1", minimumPasses: 6, maximumMisreads: 0, zbarimg: 5, zxingCpp31: 6),
        .init(set: "code128-3", minimumPasses: 2, maximumMisreads: 0, zbarimg: 2, zxingCpp31: 2),
        .init(set: "ean13-1", minimumPasses: 14, maximumMisreads: 0, zbarimg: 10, zxingCpp31: 14),
        .init(set: "ean13-3", minimumPasses: 8, maximumMisreads: 0, zbarimg: 8, zxingCpp31: 8),
        .init(set: "ean8-1", minimumPasses: 9, maximumMisreads: 0, zbarimg: 8, zxingCpp31: 9),
        .init(set: "upca-1", minimumPasses: 5, maximumMisreads: 0, zbarimg: 5, zxingCpp31: 5),
        .init(set: "upca-3", minimumPasses: 6, maximumMisreads: 0, zbarimg: 5, zxingCpp31: 6),
        .init(set: "upce-1", minimumPasses: 3, maximumMisreads: 0, zbarimg: 3, zxingCpp31: 3),
        .init(set: "itf-1", minimumPasses: 14, maximumMisreads: 0, zbarimg: 13, zxingCpp31: 14),
        .init(set: "code39-1", minimumPasses: 6, maximumMisreads: 0, zbarimg: 5, zxingCpp31: 6),
        .init(set: "codabar-1", minimumPasses: 11, maximumMisreads: 0, zbarimg: 10, zxingCpp31: 11),
        .init(set: "qrcode-1", minimumPasses: 8, maximumMisreads: 0, zbarimg: 8, zxingCpp31: 8),
        .init(set: "qrcode-3", minimumPasses: 18, maximumMisreads: 0, zbarimg: 17, zxingCpp31: 18),
        .init(set: "qrcode-6", minimumPasses: 15, maximumMisreads: 0, zbarimg: 14, zxingCpp31: 15),
        .init(set: "datamatrix-1", minimumPasses: 30, maximumMisreads: 0, zbarimg: 0, zxingCpp31: 30),
        .init(set: "datamatrix-2", minimumPasses: 13, maximumMisreads: 0, zbarimg: 0, zxingCpp31: 13),
        .init(set: "pdf417-1", minimumPasses: 17, maximumMisreads: 0, zbarimg: 0, zxingCpp31: 17),
        // padding_bs.png included: zxing-cpp 3 decodes it to its 996 bytes (AztecModeMessageTests).
        .init(set: "aztec-1", minimumPasses: 32, maximumMisreads: 0, zbarimg: 0, zxingCpp31: 32),
        .init(set: "falsepositives-1", minimumPasses: 21, maximumMisreads: 0, zbarimg: 21, zxingCpp31: 21),
    ]

    static let linearSets = ["code128-1", "code128-3", "ean13-1", "ean13-3", "ean8-1", "upca-1", "upca-3", "upce-1",
                             "itf-1", "code39-1", "codabar-1"]
    static let qrSets = ["qrcode-1", "qrcode-3", "qrcode-6"]
    static let matrixSets = ["datamatrix-1", "datamatrix-2", "pdf417-1", "aztec-1"]

    /// A missing corpus skips on a developer's machine and fails under CI=true.
    func testAMissingCorpusFailsUnderCI() {
        XCTAssertThrowsError(try TestPaths.requireCorpus("/nonexistent/corpus", settings: ProcessSettings(environment: ["CI": "true"]))) {
            XCTAssertTrue(($0 as? SharedCorpus.Missing)?.inCI == true, "\($0)")
        }
        XCTAssertThrowsError(try TestPaths.requireCorpus("/nonexistent/corpus", settings: ProcessSettings(environment: [:]))) { XCTAssertTrue($0 is XCTSkip, "\($0)") }
        XCTAssertNoThrow(try TestPaths.requireCorpus(TestPaths.packageRoot, settings: ProcessSettings(environment: ["CI": "true"])))
    }

    func testPublicCorpus() throws {
        try TestPaths.requireCorpus(TestPaths.corpus)
        let scan = try PublicCorpusScan.output()  // the run's one scan of the corpus, shared with DeterminismTests
        let corpus = scan.corpus
        var tallies: [String: CorpusTally] = [:]
        var misreadDetail: [String] = []
        for (index, outcome) in scan.outcomes.enumerated() {
            let sample = corpus.samples[index]
            guard case .scanned(let result) = outcome else {
                XCTFail("\(sample.imagePath) did not load: \(outcome)")
                continue
            }
            let barcodes = result.items.map {
                Barcode(format: $0.format!, text: $0.text,
                        bytes: $0.bytes.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) }, bounds: $0.bounds)
            }
            let score = BarcodeCorpus.score(barcodes, sample)
            if score.misreads > 0 { misreadDetail.append("\(sample.set)/\(sample.name)") }
            tallies[sample.set, default: CorpusTally()].add(score, file: sample.name)
        }

        // The table of sets, with zbarimg and zxing-cpp beside cardscan, is `cardscan-bench barcodes`'s.
        for t in Self.thresholds {
            let tally = tallies[t.set] ?? CorpusTally()
            XCTAssertGreaterThan(tally.images, 0, "\(t.set): no images found")
            XCTAssertGreaterThanOrEqual(tally.passed, t.minimumPasses,
                                        "\(t.set): \(tally.passed) passed; missed \(tally.failedFiles)")
            XCTAssertGreaterThanOrEqual(tally.passed, t.zbarimg, "\(t.set): below zbarimg")
            XCTAssertLessThanOrEqual(tally.misreads, t.maximumMisreads, "\(t.set): misread \(tally.misreadFiles)")
        }
        func total(_ sets: [String]) -> Int { sets.reduce(0) { $0 + (tallies[$1]?.passed ?? 0) } }
        XCTAssertGreaterThanOrEqual(total(Self.linearSets), 84, "linear codes read of 86")
        XCTAssertGreaterThanOrEqual(total(Self.qrSets), 41, "QR codes read of 41")
        XCTAssertGreaterThanOrEqual(total(Self.matrixSets), 90, "Data Matrix, PDF417 and Aztec read of 92; misreads \(misreadDetail)")
        XCTAssertEqual(tallies["falsepositives-1"]?.misreads, 0, "false reads on images with no barcode")
        // Each photo holds one code: a second text beside the right one is a wrong read a user would be offered.
        XCTAssertEqual(tallies.values.flatMap(\.besideFiles), [], "another text reported beside the expected one")
    }
}
