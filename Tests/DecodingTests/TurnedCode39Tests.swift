@testable import Decoding
import Evaluation
import Foundation
import Imaging
import XCTest

/// A Code 39 turned 90° on a generated photo (own seed 3 code39-1/08, zint's code on paper, `VGKN-XLJ`): zbar misses it,
/// and zxing-cpp 3.1.1 reads it only when asked for every symbol in the image, not for one. The second opinion and
/// the confirming pass of weakly checked formats ask for every symbol.
final class TurnedCode39Tests: XCTestCase {
    func testATurnedCode39IsReadByTheSecondOpinion() throws {
        let path = (TestPaths.packageRoot as NSString).appendingPathComponent("Tests/Fixtures/linear/turned-code39.jpg")
        let photo = try ImageLoader().load(contentsOf: path)
        XCTAssertEqual(BarcodeReader(options: BarcodeOptions()).read(photo).map(\.text), ["VGKN-XLJ"])
        // What the change rests on: zxing asked for one symbol reads nothing here, asked for all reads the code.
        let zxing = ZXingReader()
        XCTAssertEqual(zxing.read(photo, pass: .init(formats: [.code39], maxSymbols: 1)).map(\.text), [])
        XCTAssertEqual(zxing.read(photo, pass: .init(formats: [.code39], maxSymbols: 0)).map(\.text), ["VGKN-XLJ"])
    }
}
