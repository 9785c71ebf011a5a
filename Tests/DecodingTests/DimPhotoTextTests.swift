import CardModel
import Foundation
import ScanEngine
import XCTest

/// The dim remake of cards-dev 0043 (a Jersey card lying at 79°, remade dark and noisy as `cardscan-bench variants`
/// remakes it): its lines read only once the block is flattened. A direction the marks barely support (under 30%
/// of the chosen one's) read as a junk line scoring 3.9, and taking it lost the card's JY number, date of birth and
/// postcode; such a direction now has to read convincingly to replace the chosen one.
final class DimPhotoTextTests: XCTestCase {
    func testAWeaklySupportedDirectionDoesNotTakeACardOffItsLines() throws {
        let fields = try TestPaths.cardsDevFields("img_0043")
        let number = try XCTUnwrap(fields["jersey_ssn"] as? String)
        let scratch = try TestPaths.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let dim = try DimPhotoCodeTests.dimRemake(of: "img_0043", in: scratch)
        let result = try ScanEngine(options: ScanOptions(jobs: 1)).scan(file: dim)
        let numbers = result.suggestions.filter { $0.valid && $0.type == .jerseySocialSecurity }
        XCTAssertEqual(numbers.map(\.value), [number])
    }
}
