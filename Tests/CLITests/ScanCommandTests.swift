import Evaluation
import Foundation
import XCTest

/// The real `cardscan` binary as a subprocess: what a user and a front end see.
final class ScanCommandTests: XCTestCase {
    /// A test over ../shared skips when it is missing on a developer's machine, and fails under `CI=true`
    /// (`SharedCorpus`, the rule every test target follows).
    static func requireCorpus(_ path: String) throws {
        guard let missing = SharedCorpus.missing(path, settings: .current) else { return }
        if missing.inCI { throw missing }
        throw XCTSkip(missing.description)
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let samples = (packageRoot as NSString).appendingPathComponent("SampleImages")

    /// The binary built beside this test bundle (swift build --build-tests builds every product).
    static var binary: String {
        let testBundle = URL(fileURLWithPath: CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? CommandLine.arguments[0])
        return testBundle.deletingLastPathComponent().appendingPathComponent("cardscan").path
    }

    struct Run { let status: Int32; let stdout: String; let stderr: String }

    static func cardscan(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        try run(Self.binary, arguments, environment: environment)
    }

    /// One of the package's binaries (`executable`, a path) run to its end, its output and status collected.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    func cardscan(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        try Self.cardscan(arguments, environment: environment)
    }

    func scratch(_ name: String = #function) throws -> String { try Self.scratch(name) }

    /// An empty folder of the test's own under the temporary directory (for other suites too).
    static func scratch(_ name: String) throws -> String {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-cli-\(getpid())-\(name.filter(\.isLetter))")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The sample photos' ground-truth barcodes come out of `scan --json`, one JSON object per image per line:
    /// at least 85% of them (the misses are listed), and never a wrong text for a code of the expected format
    /// where that format appears once on the card. (The run's one scan of the samples, shared: SampleScan; in the
    /// AddressSanitizer pass, the representative photos.)
    func testSamplesBarcodesMatchTheirGroundTruth() throws {
        let scan = try SampleScan.output()
        XCTAssertEqual(scan.status, 0, scan.stderr)
        XCTAssertEqual(scan.results.count, scan.photos, "one line per image")
        var expectedCount = 0, found = 0, misses: [String] = []
        for result in scan.results {
            let source = result["source"] as! String
            let truthPath = (source as NSString).deletingPathExtension + ".json"
            let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: truthPath))) as! [String: Any]
            let barcodes = (result["items"] as! [[String: Any]]).filter { $0["kind"] as? String == "barcode" }
            for expected in truth["barcodes"] as! [[String: Any]] {
                expectedCount += 1
                let format = expected["format"] as! String, text = expected["text"] as! String
                let sameFormat = barcodes.filter { $0["format"] as? String == format }
                if sameFormat.contains(where: { $0["text"] as? String == text }) {
                    found += 1
                } else {
                    misses.append("\((source as NSString).lastPathComponent) \(format)")
                    XCTAssertTrue(sameFormat.isEmpty, "\(source): wrong \(format) text \(sameFormat.map { $0["text"]! })")
                }
            }
            let image = result["image"] as! [String: Int]
            for item in barcodes {
                for p in item["bounds"] as! [[Int]] {
                    XCTAssertTrue((-2...image["width"]! + 2).contains(p[0]) && (-2...image["height"]! + 2).contains(p[1]),
                                  "\(source): bounds inside the image")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(Double(found) / Double(expectedCount), 0.85, "sample barcodes found: \(found)/\(expectedCount); missed: \(misses)")
    }

    /// One bad file never stops the rest: each is reported naming the file, the good ones still scan, and the
    /// exit status says some inputs failed.
    func testBadFilesAreReportedAndTheRestScan() throws {
        let dir = try scratch()
        let fm = FileManager.default
        try fm.copyItem(atPath: "\(Self.samples)/loyalty-card-01.jpg", toPath: "\(dir)/good.jpg")
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(Self.samples)/loyalty-card-01.json"))) as! [String: Any]
        let ean = ((truth["barcodes"] as! [[String: Any]])[0]["text"] as! String)
        _ = fm.createFile(atPath: "\(dir)/empty.png", contents: Data())
        _ = fm.createFile(atPath: "\(dir)/notes.jpg", contents: Data("not a photo".utf8))
        let good = try Data(contentsOf: URL(fileURLWithPath: "\(Self.samples)/gb-nhs-card-00.jpg"))
        _ = fm.createFile(atPath: "\(dir)/cut.jpg", contents: good.prefix(good.count / 3))
        try fm.createSymbolicLink(atPath: "\(dir)/gone.png", withDestinationPath: "\(dir)/nowhere.png")
        _ = fm.createFile(atPath: "\(dir)/locked.png", contents: try Data(contentsOf: URL(fileURLWithPath: "\(dir)/good.jpg")))
        chmod("\(dir)/locked.png", 0)

        let text = try cardscan(["scan", dir])
        XCTAssertEqual(text.status, 3, "some inputs failed")
        XCTAssertTrue(text.stdout.contains("good.jpg") && text.stdout.contains(ean), text.stdout)
        for name in ["empty.png", "notes.jpg", "cut.jpg", "gone.png"] {
            XCTAssertTrue(text.stderr.contains("\(dir)/\(name):"), "\(name) reported on stderr: \(text.stderr)")
        }
        XCTAssertTrue(text.stderr.contains("empty"), text.stderr)
        XCTAssertTrue(text.stderr.contains("not an image"), text.stderr)
        XCTAssertTrue(text.stderr.contains("truncated"), text.stderr)
        if getuid() != 0 { XCTAssertTrue(text.stderr.contains("locked.png: cannot be read"), text.stderr) }

        let json = try cardscan(["scan", "--json", dir])
        XCTAssertEqual(json.status, 3)
        let objects = try json.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        let errors = objects.compactMap { $0["error"] as? [String: String] }
        XCTAssertGreaterThanOrEqual(errors.count, 4)
        XCTAssertTrue(errors.contains { $0["code"] == "truncated" })
        XCTAssertTrue(objects.contains { ($0["source"] as? String)?.hasSuffix("good.jpg") == true && $0["items"] != nil })
    }

    func testHugeImageIsRefusedFromItsHeader() throws {
        let dir = try scratch()
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0x00, 0x00, 0x9C, 0x40, 0x00, 0x00, 0x9C, 0x40, 8, 0, 0, 0, 0, 0, 0, 0, 0]
        _ = FileManager.default.createFile(atPath: "\(dir)/huge.png", contents: Data(png))
        let run = try cardscan(["scan", "\(dir)/huge.png"])
        XCTAssertEqual(run.status, 1, "the only input failed: the job failed")
        XCTAssertTrue(run.stderr.contains("huge.png: 40000x40000 pixels is over the limit"), run.stderr)
    }

    func testExitStatusesAndHelp() throws {
        // Nothing found: an image with no code.
        let dir = try scratch()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["convert", "-size", "200x120", "plasma:", "\(dir)/blank.png"]
        try p.run(); p.waitUntilExit()
        let nothing = try cardscan(["scan", "\(dir)/blank.png"])
        XCTAssertEqual(nothing.status, 2, nothing.stdout + nothing.stderr)
        XCTAssertTrue(nothing.stdout.contains("nothing found"))

        XCTAssertEqual(try cardscan(["scan"]).status, 64)
        XCTAssertEqual(try cardscan(["scan", "--formats", "bogus", Self.samples]).status, 64)
        XCTAssertEqual(try cardscan(["scan", "--region", "FR", Self.samples]).status, 64)
        XCTAssertEqual(try cardscan(["scan", "--jobs", "0", Self.samples]).status, 64)
        XCTAssertEqual(try cardscan(["frobnicate"]).status, 64)

        let help = try cardscan(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("scan"))
        // One column of descriptions, after the longest name and two spaces: no name runs into its text.
        let lines = help.stdout.split(separator: "\n").drop { $0 != "commands:" }.dropFirst().prefix { $0.hasPrefix("  ") }
        XCTAssertGreaterThanOrEqual(lines.count, 13, help.stdout)
        let names = lines.map { $0.dropFirst(2).prefix { $0 != " " } }
        let column = 2 + names.map(\.count).max()! + 2
        for line in lines {
            let text = Array(line)
            XCTAssertTrue(text.count > column && text[column] != " " && text[column - 2] == " " && text[column - 1] == " ",
                          "aligned: \(line)")
        }
        let scanHelp = try cardscan(["scan", "--help"])
        for option in ["--json", "--formats", "--region", "--jobs", "--max-megapixels", "--no-retries", "--retry-effort",
                       "--retry-budget", "--no-ocr"] {
            XCTAssertTrue(scanHelp.stdout.contains(option), "scan --help explains \(option)")
        }
    }

    func testFormatsOptionLimitsWhatIsRead() throws {
        let run = try cardscan(["scan", "--json", "--no-ocr", "--formats", "datamatrix", "\(Self.samples)/je-wristband-00.jpg"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("\"DATAMATRIX\""))
        XCTAssertFalse(run.stdout.contains("\"CODE-128\""), "Code 128 was not asked for")
        XCTAssertTrue(run.stdout.contains("\"gs1\":true"))
    }

    func testRegionComesFromOptionEnvironmentOrTimeZone() throws {
        let file = "\(Self.samples)/loyalty-card-00.jpg"
        let byOption = try cardscan(["scan", "--json", "--region", "JE", file], environment: ["CARDSCAN_REGION": "GG"])
        XCTAssertTrue(byOption.stdout.contains(#""region":{"basis":"option","code":"JE"}"#), byOption.stdout)
        let byEnv = try cardscan(["scan", "--json", file], environment: ["CARDSCAN_REGION": "GG"])
        XCTAssertTrue(byEnv.stdout.contains(#""region":{"basis":"environment","code":"GG"}"#), byEnv.stdout)
        let byZone = try cardscan(["scan", "--json", file], environment: ["CARDSCAN_REGION": "", "TZ": "Europe/Jersey",
                                                                        "CARDSCAN_CONFIG": "/nonexistent"])
        XCTAssertTrue(byZone.stdout.contains(#""region":{"basis":"timezone","code":"JE"}"#), byZone.stdout)
    }
}

final class AnnotateTests: XCTestCase {
    /// `--annotate` writes a PNG of the scanned image's size, for one image (a file) or several (a folder).
    func testAnnotatedImagesAreWritten() throws {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-annotate-\(getpid())")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let one = try ScanCommandTests.cardscan(["scan", "--annotate", "\(dir)/one.png", "\(ScanCommandTests.samples)/gb-nhs-card-00.jpg"])
        XCTAssertEqual(one.status, 0, one.stderr)
        let png = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/one.png"))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // Width and height from IHDR match the photo (1600x1200).
        let w = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual([w, h], [1600, 1200])

        let many = try ScanCommandTests.cardscan(["scan", "--no-ocr", "--annotate", "\(dir)/many",
                                                  "\(ScanCommandTests.samples)/loyalty-card-00.jpg", "\(ScanCommandTests.samples)/loyalty-card-01.jpg"])
        XCTAssertEqual(many.status, 0, many.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/many/loyalty-card-00.annotated.png"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(dir)/many/loyalty-card-01.annotated.png"))

        let bad = try ScanCommandTests.cardscan(["scan", "--annotate", "/nonexistent-dir/x.png", "\(ScanCommandTests.samples)/loyalty-card-00.jpg"])
        XCTAssertEqual(bad.status, 3, "the scan worked, the picture could not be written")
        XCTAssertTrue(bad.stderr.contains("/nonexistent-dir/x.png"), bad.stderr)
    }
}

/// A front end that stops reading (closes the pipe) must not crash cardscan: the output is dropped, the command
/// finishes as it would have.
final class ClosedOutputTests: XCTestCase {
    func testScanWhoseReaderHasGoneFinishesWithoutACrash() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ScanCommandTests.binary)
        // A few photos (several writes after the reader has gone, through the worker processes as for a folder);
        // the whole SampleImages folder took 18 s here (44 s under ASan) for no more than that.
        let photos = ["gb-nhs-card-00", "loyalty-card-00", "je-wristband-00", "gb-nhs-print-00"].map { "\(ScanCommandTests.samples)/\($0).jpg" }
        p.arguments = ["scan", "--json", "--no-ocr"] + photos
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // The reader goes away before anything is read.
        try out.fileHandleForReading.close()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationReason, .exit, "cardscan was killed by signal \(p.terminationStatus) writing to a closed pipe")
        // The job itself went on: every photo was scanned and codes were found (0), and the person is told once why
        // the results stopped.
        XCTAssertEqual(p.terminationStatus, 0, stderr)
        XCTAssertEqual(stderr.components(separatedBy: "standard output was closed").count - 1, 1, stderr)
    }
}
