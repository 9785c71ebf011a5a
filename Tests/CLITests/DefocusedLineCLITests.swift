import Foundation
import XCTest

/// A letter photographed out of focus: its address's last line, `S11 9SS` in soft italic print, reads `Sit 98S`
/// at confidence 0.51, which neither the digit table nor the recogniser's alternatives make a postcode of (the
/// alternatives allow S11, S17, S12 and SL1). Read again with its edges steepened (`DetectedLineReading.unsharpMask`)
/// it reads `$11 955` at 0.64, which the postcode rules read as S11 9SS (cards-dev2 0017). Without the
/// second reading this photo offered no postcode.
final class DefocusedLineCLITests: XCTestCase {
    func testAnUnsureLineIsReadAgainSharpened() throws {
        let suggestions = try ContestedWayUpTests.scan("img_0017.jpg")
        let fields = try ContestedWayUpTests.truth("img_0017.jpg")
        XCTAssertEqual(ContestedWayUpTests.values(suggestions, "postcode"), [fields["postcode"] as! String])
    }
}
