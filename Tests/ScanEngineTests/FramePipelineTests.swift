import CardModel
import Decoding
import Foundation
import Imaging
import OCR
@testable import ScanEngine
import XCTest

/// The per-frame pipeline stills and live frames share, and the session presets.
final class FramePipelineTests: XCTestCase {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SampleImages").path

    /// A still read whole (`ScanEngine.scan`) and the same frame taken through the stages one by one as a live
    /// session calls them (barcodes, then text with those barcodes in view, then suggestions) give the same items
    /// and suggestions: one pipeline, whichever way the frame arrives.
    func testAStillAndTheStagesCalledOneByOneAgree() throws {
        let path = "\(Self.samples)/gb-nhs-card-00.jpg"
        var options = ScanOptions(jobs: 1)
        options.parallelStages = false
        options.region = RegionResolution(code: .gb, basis: .option)
        let still = try ScanEngine(options: options).scan(file: path)

        let image = try ImageLoader().load(contentsOf: path)
        let pipeline = FramePipeline(today: options.today, region: options.region, givenNames: options.text.givenNames)
        let barcodes = FramePipeline.barcodeItems(BarcodeReader(options: options.barcodes).read(image))
        let text = pipeline.textItems(of: image, reader: try FramePipeline.textReader(concurrentReads: false, models: options.text)) { barcodes }
        let suggestions = pipeline.suggest(barcodes + text).suggestions

        XCTAssertFalse(barcodes.isEmpty, "the sample card's code is read")
        XCTAssertTrue(still.suggestions.contains { $0.type == .nhsNumber && $0.valid }, "the card's NHS number is suggested")
        XCTAssertEqual(still.items.map(\.text), (barcodes + text).map(\.text))
        XCTAssertEqual(still.suggestions.map(\.value), suggestions.map(\.value))
        XCTAssertEqual(still.suggestions.map(\.type), suggestions.map(\.type))
    }

    func testBarcodeItemsAreNumberedInTheOrderRead() {
        let quad = Quad(x: 0, y: 0, width: 10, height: 10)
        let found = ["5012345678900", "CARD-1"].map { Barcode(format: .code128, text: $0, bounds: quad) }
        XCTAssertEqual(FramePipeline.barcodeItems(found).map(\.id), ["b1", "b2"])
        XCTAssertEqual(FramePipeline.barcodeItems(found).map(\.text), ["5012345678900", "CARD-1"])
    }

    func testSessionPresets() {
        var scan = ScanOptions()
        scan.region = RegionResolution(code: .gb, basis: .timezone)
        let camera = SessionOptions.camera(scan)
        XCTAssertFalse(camera.scan.barcodes.retries, "a camera's next frame is the retry")
        XCTAssertLessThanOrEqual(camera.scan.barcodes.maxWorkingPixels, SessionOptions.liveWorkingPixels)
        let files = SessionOptions.imageFiles(scan)
        XCTAssertTrue(files.scan.barcodes.retries, "a file is decoded as scan decodes a still")
        XCTAssertEqual(files.scan.barcodes.maxWorkingPixels, scan.barcodes.maxWorkingPixels)
        XCTAssertEqual(SessionOptions.preset(live: true, scan: scan).scan.barcodes.retries, false)

        var band = SessionOptions.camera(scan)
        band.readingWristbands()
        XCTAssertTrue(band.wristband)
        XCTAssertFalse(band.scan.readsText)
        XCTAssertEqual(band.scan.region?.code, .je, "a wristband is a Jersey hospital's unless --region says otherwise")
        var named = SessionOptions.camera(ScanOptions())
        named.scan.region = RegionResolution(code: .gb, basis: .option)
        named.readingWristbands()
        XCTAssertEqual(named.scan.region?.code, .gb, "--region wins")
    }

    func testWorkerSettingsCarryTheTraces() throws {
        var options = ScanOptions()
        options.traces = Traces(verbose: true, settings: ProcessSettings(environment: ["CARDSCAN_TRACE_SYMBOLS": "1"]))
        let settings = try XCTUnwrap(WorkerSettings(json: WorkerSettings(options).json))
        XCTAssertEqual(settings.scanOptions.traces, options.traces)
        XCTAssertTrue(settings.scanOptions.traces.symbols)
        XCTAssertTrue(settings.scanOptions.traces.stages)
    }
}
