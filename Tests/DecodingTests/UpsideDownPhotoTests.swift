import CardModel
import Foundation
import Imaging
import ScanEngine
import XCTest

/// A wristband of ../shared/corpus/cards-dev photographed the other way up (the photo turned 180° here, by
/// `rotated180`, not by the code under test). Upright, its block reads well; turned, tesseract's layout analysis
/// reads nothing from the same block either way up, so the way up is a guess, and only the flattened block reads.
/// Read only the guessed way, that flattened block gave upside-down junk and the card lost its NHS number and name.
final class UpsideDownPhotoTests: XCTestCase {
    func testAWristbandTurnedOverReadsLikeTheUprightOne() throws {
        let fields = try TestPaths.cardsDevFields("img_0011")
        let folder = TestPaths.cardsDev
        let nhs = try XCTUnwrap(fields["nhs_number"] as? String)
        let surname = try XCTUnwrap((fields["name"] as? String)?.split(separator: " ").last.map { String($0).uppercased() })

        let photo = try ImageLoader().load(contentsOf: "\(folder)/img_0011.jpg")
        let engine = ScanEngine(options: ScanOptions(jobs: 1))
        for (label, image) in [("upright", photo), ("turned over", photo.rotated180())] {
            let result = engine.scan(image, source: "img_0011.jpg \(label)")
            let valid = result.suggestions.filter(\.valid)
            XCTAssertTrue(valid.contains { $0.type == .nhsNumber && $0.value == nhs }, "\(label): the NHS number is read")
            XCTAssertTrue(valid.contains { $0.type == .name && $0.value.uppercased().contains(surname) }, "\(label): the name is read")
        }
    }
}
