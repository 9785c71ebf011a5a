import CardModel
@testable import Decoding
import Imaging
import XCTest

/// zxing-cpp 1.4 asserts (and would abort the process) while merging linear-code rows on some images
/// (LIBRARY-NOTES.md). The shim turns that into an error for the image. This test asks zxing for every symbol
/// of every linear format on the file that triggers it: the process must survive and report the failure.
final class ZXingGuardTests: XCTestCase {
    func testAssertionInZXingBecomesAnErrorNotAnAbort() throws {
        let path = (TestPaths.corpus as NSString).appendingPathComponent("code128-1/4.png")
        try TestPaths.requireCorpus(path)
        let image = try ImageLoader().load(contentsOf: path)
        let linear = Set(BarcodeFormat.allCases.filter(\.isLinear))
        XCTAssertThrowsError(try ZXingReader().readReportingFailure(image, pass: .init(formats: linear, maxSymbols: 0))) {
            XCTAssertTrue(($0 as? ZXingReader.Failure)?.message.contains("lineCount") ?? false, "\($0)")
        }
        // And the reader still works afterwards, on the same thread.
        XCTAssertFalse(BarcodeReader().read(image).isEmpty)
    }
}
