import CardModel
@testable import Decoding
import Evaluation
import Foundation
import Imaging
import XCTest

/// Codes on card photos of ../shared/corpus/cards-dev taken as a webcam takes them in dim light: remade dark and
/// noisy with ImageMagick here, exactly as `cardscan-bench variants` remakes them (seeded noise), not by the code
/// under test. Each code reads on the photo as it is; on the dim remake zbar's edges and zxing's binarizer broke
/// on the noise and none of these four read (a Code 128 on a card, another on a card 250 px wide, a PDF417, a GS1
/// Data Matrix on a wristband). (0055's Data Matrix read too while our symbol locator also worked on the smoothed
/// photo; it no longer does, for the sake of symbols two pixels a module.)
final class DimPhotoCodeTests: XCTestCase {
    static let photos = ["img_0018", "img_0031", "img_0062", "img_0078"]

    func testCodesOnDimNoisyPhotosRead() throws {
        let scratch = try TestPaths.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let reader = BarcodeReader()
        for photo in Self.photos {
            let truth = try XCTUnwrap(TestPaths.cardsDevFields(photo)["barcode"] as? [String: Any], photo)
            let text = try XCTUnwrap(truth["text"] as? String)
            let image = try ImageLoader().load(contentsOf: try Self.dimRemake(of: photo, in: scratch))
            let found = reader.read(image)
            // GS1's group separators aside, as the set's scoring compares them.
            XCTAssertTrue(found.contains { CardPhotoScore.compact($0.text) == CardPhotoScore.compact(text) },
                          "\(photo): the code's text; read \(found.map(\.format))")
        }
    }

    /// The measure that decides it: every one of these photos reads as clean and its dim remake as noisy.
    func testNoiseLevelTellsDimFromWellLitPhotos() throws {
        let scratch = try TestPaths.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for photo in Self.photos {
            let asTaken = try ImageLoader().load(contentsOf: "\(TestPaths.cardsDev)/\(photo).jpg")
            let dim = try ImageLoader().load(contentsOf: try Self.dimRemake(of: photo, in: scratch))
            XCTAssertLessThan(asTaken.noiseLevel(), BarcodeReader.noisyAbove / 2, photo)
            XCTAssertGreaterThanOrEqual(dim.noiseLevel(), BarcodeReader.noisyAbove, photo)
            XCTAssertLessThan(dim.smoothed().noiseLevel(), BarcodeReader.noisyAbove, "\(photo): smoothing takes the noise off")
        }
    }

    /// Synthetic noise of a known deviation on a flat grey page is measured as that deviation.
    func testNoiseLevelMeasuresKnownNoise() throws {
        var generator = SeededGenerator(seed: 7)
        for sigma in [2.0, 5.0, 10.0] {
            let pixels = (0..<(400 * 300)).map { _ -> UInt8 in
                // Box-Muller from two uniforms.
                let u = Double.random(in: Double.ulpOfOne..<1, using: &generator), v = Double.random(in: 0..<1, using: &generator)
                let normal = (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
                return UInt8(max(0, min(255, (128 + sigma * normal).rounded())))
            }
            let level = try GrayImage(width: 400, height: 300, pixels: pixels).noiseLevel()
            XCTAssertEqual(level, sigma, accuracy: 0.15 * sigma + 0.3, "σ = \(sigma)")
        }
        XCTAssertEqual(GrayImage(width: 50, height: 50, filledWith: 200).noiseLevel(), 0)
    }

    static func dimRemake(of photo: String, in folder: String) throws -> String {
        let out = "\(folder)/\(photo)-dim.jpg"
        try runTool("convert", ["\(TestPaths.cardsDev)/\(photo).jpg", "-auto-orient", "-strip", "-seed", "1",
                                "-evaluate", "multiply", "0.45", "-attenuate", "0.4", "+noise", "Gaussian",
                                "-quality", "90", out])
        return out
    }
}

/// A small deterministic generator (SplitMix64), so the synthetic noise is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
