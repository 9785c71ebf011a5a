import Foundation
@testable import Imaging
import XCTest

/// The motion-blur estimate (`GrayImage.motionBlur`): a smear put on a sharp photo here (by direct averaging along
/// a line, not by the code under test) is found, and on the card-photo set every smear found agrees with the one
/// the generator recorded. That undoing it makes text readable is `SmearedPhotoTests`.
final class MotionBlurTests: XCTestCase {
    func testTransformMatchesTheDirectSumAndInvertsItself() {
        var grid = FourierGrid(width: 8, height: 4)
        let input = (0..<32).map { _ in Double.random(in: -1...1) }
        grid.real = input
        grid.transform()
        for v in 0..<4 {
            for u in 0..<8 {
                var re = 0.0, im = 0.0
                for y in 0..<4 {
                    for x in 0..<8 {
                        let angle = -2 * Double.pi * (Double(u * x) / 8 + Double(v * y) / 4)
                        re += input[y * 8 + x] * cos(angle); im += input[y * 8 + x] * sin(angle)
                    }
                }
                XCTAssertEqual(grid.real[v * 8 + u], re, accuracy: 1e-9)
                XCTAssertEqual(grid.imaginary[v * 8 + u], im, accuracy: 1e-9)
            }
        }
        grid.transform(inverse: true)
        for i in 0..<32 { XCTAssertEqual(grid.real[i], input[i], accuracy: 1e-9); XCTAssertEqual(grid.imaginary[i], 0, accuracy: 1e-9) }
    }

    func testFindsASmearPutOnASharpPhoto() throws {
        // A sample card photo at half size: smearing a whole frame is slow in a debug build.
        let photo = try ImageLoader().load(contentsOf: "\(TestPaths.samples)/gb-nhs-card-00.jpg").scaled(by: 0.5)
        XCTAssertNil(photo.motionBlur(), "a photo without a smear shows none")
        for (degrees, length) in [(30.0, 7.0), (120.0, 9.0), (165.0, 6.0)] {
            let smeared = SmearedPhotoTests.smear(photo, degrees: degrees, length: length)
            let found = try XCTUnwrap(smeared.motionBlur(), "the \(length) px smear at \(degrees)° is found")
            let turn = abs(found.degrees - degrees).truncatingRemainder(dividingBy: 180)
            XCTAssertLessThanOrEqual(min(turn, 180 - turn), 6, "direction of the \(length) px smear at \(degrees)°")
            XCTAssertEqual(found.length, length, accuracy: 1.5, "length of the smear at \(degrees)°")
            let undone = smeared.deblurred(found)
            XCTAssertEqual([undone.width, undone.height], [photo.width, photo.height])
        }
    }

    /// Every smear found on the smeared photos of ../shared/corpus/cards-dev agrees with the one its ground truth
    /// records (the set's angles are counted clockwise, with y down), and most smears of 5 px and more are found.
    /// (Smears found on photos without one cost only a second reading, the better kept: the recall test and the
    /// OCR benchmark show what they cost.)
    func testSmearsFoundOnCardPhotosAreTheRecordedOnes() throws {
        let folder = (TestPaths.packageRoot as NSString).appendingPathComponent("../shared/corpus/cards-dev")
        guard FileManager.default.fileExists(atPath: folder) else {
            return XCTFail("\(folder) is missing: the motion-blur check needs ../shared beside the project")
        }
        let loader = ImageLoader()
        var smeared = 0, found = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).filter({ $0.hasSuffix(".jpg") }).sorted() {
            let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath:
                "\(folder)/\((name as NSString).deletingPathExtension).json"))) as! [String: Any]
            let blur = (truth["capture"] as! [String: Any])["blur"] as? [String: Any]
            guard blur?["type"] as? String == "motion", let length = blur?["length"] as? Double, length >= 5 else { continue }
            let estimate = try loader.load(contentsOf: "\(folder)/\(name)").motionBlur()
            smeared += 1
            guard let estimate else { continue }
            found += 1
            let recorded = 180 - (blur!["angle_deg"] as! Double)
            let turn = abs(estimate.degrees - recorded).truncatingRemainder(dividingBy: 180)
            XCTAssertLessThanOrEqual(min(turn, 180 - turn), 12, "\(name): direction")
            XCTAssertEqual(estimate.length, length, accuracy: 2, "\(name): length")
        }
        XCTAssertGreaterThan(smeared, 0, "the set holds smeared photos")
        XCTAssertGreaterThanOrEqual(found, smeared / 2, "at least half the long smears are found: \(found) of \(smeared)")
    }
}
