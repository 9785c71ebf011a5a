import Decoding
import OCR
import Foundation
import Imaging
import Inference
import Locating
import XCTest

/// The learned text-line detector on real photos (cards-dev, SampleImages), read on its own
/// (`TextReader.readLines`), and what happens without its model. The model is what `Scripts/setup` installs: a
/// missing one skips these tests on a developer's machine and fails them under CI=true (as the corpus does).
final class TextLineDetectorTests: XCTestCase {
    struct ModelNotInstalled: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) is not installed, and CI=true: CI must test the detector (Scripts/setup installs it)" }
    }

    static func installedModel() throws -> TextLineModel {
        guard InferenceRuntime.usableInThisBuild else {
            throw XCTSkip("an AddressSanitizer build cannot run OpenVINO: the learned models are tested in the other builds")
        }
        let model = try XCTUnwrap(TextLineModel.configured(.current), "CARDSCAN_MODELS=none: no model to test")
        guard FileManager.default.fileExists(atPath: model.path) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                throw ModelNotInstalled(path: model.path)
            }
            throw XCTSkip("\(model.path) is not installed (Scripts/setup installs it)")
        }
        return model
    }

    func linesOnly(_ path: String) throws -> [String] {
        let reader = try TextReader.asConfigured(lines: try Self.installedModel())
        XCTAssertNil(reader.detectorProblem)
        return try XCTUnwrap(reader.readLines(try ImageLoader().load(contentsOf: path)), "no line found").lines.map(\.text)
    }

    func digits(_ lines: [String]) -> [String] { lines.map { String($0.filter(\.isNumber)) } }

    /// cards-dev img_0065: a Jersey card lying on its side. Seen as it is, the network outlined one blob; a
    /// quarter turned, its nine lines, which read along their own direction.
    func testACardLyingOnItsSideIsFoundAQuarterTurnedAndReadAlongItsLines() throws {
        let fields = try TestPaths.cardsDevFields("img_0065")
        let lines = try linesOnly("\(TestPaths.cardsDev)/img_0065.jpg")
        let name = try XCTUnwrap(fields["name"] as? String)
        XCTAssertTrue(lines.contains { $0.uppercased().contains(name.uppercased()) }, "\(lines.count) lines, no \(name)")
        let ssn = try XCTUnwrap(fields["jersey_ssn"] as? String).filter(\.isNumber)
        XCTAssertTrue(digits(lines).contains { $0.contains(ssn) }, "no line holds the JY number's digits")
    }

    /// cards-dev img_0011: a wristband whose five lines are set close together, small in a 1280 px frame. At
    /// the first pass's scale neighbouring lines merge into one box (read as one line, half lost); the closer
    /// pass tells them apart.
    func testLinesSetCloseTogetherAreToldApart() throws {
        let fields = try TestPaths.cardsDevFields("img_0011")
        let lines = try linesOnly("\(TestPaths.cardsDev)/img_0011.jpg")
        let nhs = try XCTUnwrap(fields["nhs_number"] as? String)
        let hospital = try XCTUnwrap(fields["hospital_number"] as? String)
        XCTAssertTrue(digits(lines).contains(nhs), "the NHS number's line, alone: \(lines.count) lines")
        XCTAssertTrue(lines.contains { $0.contains(hospital) && !$0.contains("Ward") }, "the hospital number's line, alone")
        XCTAssertTrue(lines.contains { $0.uppercased().contains("CHEN") && !$0.contains("DOB") }, "the name's line, alone")
    }

    /// An upright sample card: the lines read upright (the way-up test keeps the found way) and hold the number.
    func testAnUprightCardReadsItsNumber() throws {
        let fields = try TestPaths.sampleFields("gb-nhs-card-00")
        let lines = try linesOnly("\(TestPaths.samples)/gb-nhs-card-00.jpg")
        XCTAssertTrue(digits(lines).contains { $0.contains(fields["nhsNumber"] as! String) }, "\(lines.count) lines")
    }

    func testAMissingModelIsNamedAndTheLayoutPathStillReads() throws {
        let folder = try TestPaths.scratchFolder()
        let model = TextLineModel(folder: folder)
        XCTAssertThrowsError(try TextLineDetector(model: model)) { error in
            XCTAssertEqual(error as? TextLineModelError, .missing(path: model.path))
            XCTAssertTrue("\(error)".contains(model.path), "the message names the file")
        }
        let reader = try TextReader.asConfigured(lines: model)
        XCTAssertEqual(reader.detectorProblem, .missing(path: model.path))
        let fields = try TestPaths.sampleFields("gb-nhs-card-00")
        let lines = reader.read(try ImageLoader().load(contentsOf: "\(TestPaths.samples)/gb-nhs-card-00.jpg")).lines.map(\.text)
        XCTAssertTrue(digits(lines).contains { $0.contains(fields["nhsNumber"] as! String) }, "read by layout analysis instead")
    }

    func testADamagedModelIsNamedNotLoaded() throws {
        let folder = try TestPaths.scratchFolder()
        let model = TextLineModel(folder: folder)
        // The real model cut short (a download that stopped), then a file of another kind.
        let real = try Data(contentsOf: URL(fileURLWithPath: try Self.installedModel().path))
        for damaged in [real.prefix(real.count / 3), Data("not a model".utf8)] {
            try damaged.write(to: URL(fileURLWithPath: model.path))
            XCTAssertThrowsError(try TextLineDetector(model: model)) { error in
                guard case .damaged(let path, _)? = error as? TextLineModelError else { return XCTFail("\(error)") }
                XCTAssertEqual(path, model.path)
            }
        }
    }
}
