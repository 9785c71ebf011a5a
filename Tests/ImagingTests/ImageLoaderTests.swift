import Foundation
@testable import Imaging
import XCTest

/// Real files through the real loader (leptonica): every format and pixel layout a user may hand us, and every
/// kind of bad file, each with its typed error naming the file. Test images are made with ImageMagick.
final class ImageLoaderTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-imaging-\(getpid())-\(name.filter(\.isLetter))")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func convert(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["convert"] + arguments
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "convert \(arguments)")
    }

    /// A 64x40 test card: left half black, right half white, so luminance and orientation can both be checked.
    private func makeHalfBlack(_ name: String, _ extra: [String] = []) throws -> String {
        let path = "\(dir)/\(name)"
        try convert(["-size", "64x40", "xc:white", "-fill", "black", "-draw", "rectangle 0,0 31,39"] + extra + [path])
        return path
    }

    private func assertHalfBlack(_ image: GrayImage, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(image.width, 64, file: file, line: line)
        XCTAssertEqual(image.height, 40, file: file, line: line)
        XCTAssertLessThan(image[5, 20], 30, "left is black", file: file, line: line)
        XCTAssertGreaterThan(image[60, 20], 225, "right is white", file: file, line: line)
    }

    func testEveryCommonFormatLoadsAsGray() throws {
        for ext in ["png", "jpg", "webp", "tif", "gif", "bmp", "pgm", "ppm"] {
            // -alpha off: ImageMagick otherwise writes this picture as a 1-bit TIFF with an alpha channel.
            let path = try makeHalfBlack("card.\(ext)", ["-alpha", "off"] + (ext == "webp" ? ["-define", "webp:lossless=true"] : []))
            assertHalfBlack(try ImageLoader().load(contentsOf: path))
        }
    }

    func testPaletteAnd16BitImages() throws {
        let palette = "\(dir)/palette.png", deep = "\(dir)/deep.png", deepGray = "\(dir)/deep-gray.png"
        let drawing = ["-size", "64x40", "xc:white", "-fill", "black", "-draw", "rectangle 0,0 31,39"]
        try convert(drawing + ["-type", "Palette", "PNG8:\(palette)"])
        try convert(drawing + ["-depth", "16", "PNG48:\(deep)"])
        try convert(drawing + ["-depth", "16", "-define", "png:bit-depth=16", "-define", "png:color-type=0", deepGray])
        for path in [palette, deep, deepGray] { assertHalfBlack(try ImageLoader().load(contentsOf: path)) }
        // Colour that is not grey must come out as its luminance, not a palette index or one channel.
        let red = "\(dir)/red.png"
        try convert(["-size", "8x8", "xc:#ff0000", "-type", "Palette", "PNG8:\(red)"])
        let v = Int(try ImageLoader().load(contentsOf: red)[4, 4])
        XCTAssertTrue((60...90).contains(v), "red's luminance is about 76, got \(v)")
    }

    func testTransparentPixelsBecomeWhite() throws {
        // Gray+alpha and RGBA: a transparent left half over nothing must read as paper (white), the opaque
        // black right half as black.
        for (name, type) in [("ga.png", "GrayscaleAlpha"), ("rgba.png", "TrueColorAlpha")] {
            let path = "\(dir)/\(name)"
            try convert(["-size", "64x40", "xc:none", "-fill", "black", "-draw", "rectangle 32,0 63,39", "-type", type, path])
            let image = try ImageLoader().load(contentsOf: path)
            XCTAssertGreaterThan(image[5, 20], 240, "\(name): transparent is white")
            XCTAssertLessThan(image[60, 20], 20, "\(name): opaque black is black")
        }
    }

    func testExifOrientationTurnsPhotoUpright() throws {
        // A phone's sideways photo: the pixels turned a quarter anticlockwise and an EXIF block saying
        // "turn 90° clockwise to view" (orientation 6), spliced in after SOI as a phone writes it.
        let upright = (TestPaths.samples as NSString).appendingPathComponent("gb-nhs-card-00.jpg")
        let turned = "\(dir)/turned.jpg", sideways = "\(dir)/sideways.jpg"
        try convert([upright, "-rotate", "-90", "-quality", "92", turned])
        let exif: [UInt8] = [0xFF, 0xE1, 0x00, 0x22] + Array("Exif".utf8) + [0, 0] + Array("MM".utf8)
            + [0x00, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        let turnedBytes = try ImageLoader.readFile(turned)
        _ = FileManager.default.createFile(atPath: sideways, contents: Data(turnedBytes.prefix(2) + exif + turnedBytes.dropFirst(2)))

        XCTAssertEqual(ExifOrientation(jpeg: try ImageLoader.readFile(sideways)), .right)
        XCTAssertNil(ExifOrientation(jpeg: turnedBytes), "no EXIF, no orientation")
        let a = try ImageLoader().load(contentsOf: upright), b = try ImageLoader().load(contentsOf: sideways)
        XCTAssertEqual([b.width, b.height], [a.width, a.height])
        // Same picture up to JPEG noise: compare a coarse grid.
        var diff = 0, count = 0
        for y in Swift.stride(from: 10, to: a.height, by: 50) {
            for x in Swift.stride(from: 10, to: a.width, by: 50) { diff += abs(Int(a[x, y]) - Int(b[x, y])); count += 1 }
        }
        XCTAssertLessThan(diff / count, 12, "sideways photo turned upright")
        let asStored = try ImageLoader(appliesExifOrientation: false).load(contentsOf: sideways)
        XCTAssertEqual([asStored.width, asStored.height], [a.height, a.width])
    }

    func testHugeHeaderIsRefusedBeforeDecoding() throws {
        // A valid PNG signature and IHDR claiming 40000x40000, then nothing: refused from the header alone.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0x00, 0x00, 0x9C, 0x40, 0x00, 0x00, 0x9C, 0x40, 8, 0, 0, 0, 0] + [0, 0, 0, 0]
        let path = "\(dir)/huge.png"
        _ = FileManager.default.createFile(atPath: path, contents: Data(png))
        XCTAssertThrowsError(try ImageLoader().load(contentsOf: path)) { error in
            XCTAssertEqual(error as? ImageError, .tooLarge(path: path, width: 40000, height: 40000, limit: 50_000_000))
            XCTAssertTrue("\(error)".contains(path))
        }
        // The limit is configurable.
        let small = try makeHalfBlack("small.png")
        XCTAssertThrowsError(try ImageLoader(pixelLimit: 1000).load(contentsOf: small))
    }

    /// Found by fuzzing: a 279-byte PNG whose chunk declares more bytes than the file has made libpng allocate
    /// 2 GB. Such a file is refused before libpng sees it; a PNG with text and time chunks still loads (they are
    /// dropped, not decoded).
    func testPNGChunkLongerThanTheFileIsRefusedAndMetadataChunksAreHarmless() throws {
        let good = try makeHalfBlack("meta.png")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good)))
        let iend = bytes.count - 12
        let text: [UInt8] = [0, 0, 0, 5] + Array("tEXtnotes".utf8) + [0, 0, 0, 0]
        bytes.insert(contentsOf: text, at: iend)  // bad CRC on purpose: the chunk is dropped unread
        let withText = "\(dir)/with-text.png"
        _ = FileManager.default.createFile(atPath: withText, contents: Data(bytes))
        let loaded = try ImageLoader().load(contentsOf: withText)
        XCTAssertEqual(loaded, try ImageLoader().load(contentsOf: good))

        let fuzzed = "\(ScanPaths.root)/Tests/Fuzz/image/corpus/oom-png-huge-text-chunk.png"
        XCTAssertThrowsError(try ImageLoader().load(contentsOf: fuzzed)) { error in
            XCTAssertEqual(error as? ImageError, .truncated(path: fuzzed, format: "PNG"))
        }
    }

    func testBadFilesGetTypedErrorsNamingTheFile() throws {
        let empty = "\(dir)/empty.png"
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        let text = "\(dir)/notes.jpg"
        _ = FileManager.default.createFile(atPath: text, contents: Data("this is not a photo\n".utf8))
        let good = try makeHalfBlack("good.png")
        let truncatedPNG = "\(dir)/cut.png", truncatedJPEG = "\(dir)/cut.jpg"
        let pngBytes = try ImageLoader.readFile(good)
        _ = FileManager.default.createFile(atPath: truncatedPNG, contents: Data(pngBytes.prefix(pngBytes.count / 2)))
        let jpegBytes = try ImageLoader.readFile(try makeHalfBlack("good.jpg"))
        _ = FileManager.default.createFile(atPath: truncatedJPEG, contents: Data(jpegBytes.prefix(jpegBytes.count / 2)))

        let cases: [(String, ImageError)] = [
            (empty, .empty(path: empty)),
            (text, .notAnImage(path: text)),
            (truncatedPNG, .truncated(path: truncatedPNG, format: "PNG")),
            (truncatedJPEG, .truncated(path: truncatedJPEG, format: "JPEG")),
            ("\(dir)/missing.png", .notFound(path: "\(dir)/missing.png")),
            (dir, .isDirectory(path: dir)),
        ]
        for (path, expected) in cases {
            XCTAssertThrowsError(try ImageLoader().load(contentsOf: path), path) { error in
                XCTAssertEqual(error as? ImageError, expected)
                XCTAssertTrue("\(error)".hasPrefix(path), "message names the file: \(error)")
            }
        }
    }

    func testRotationMapsPointsBackToTheSource() throws {
        var image = GrayImage(width: 100, height: 60)
        for dy in 0..<3 { for dx in 0..<3 { image[10 + dx, 20 + dy] = 0 } }
        for degrees in [30.0, -15.0, 90.0] {
            let (rotated, toSource) = image.rotated(byDegrees: degrees)
            let darkest = rotated.pixels.indices.min { rotated.pixels[$0] < rotated.pixels[$1] }!
            let (x, y) = toSource(Double(darkest % rotated.width), Double(darkest / rotated.width))
            XCTAssertEqual(x, 11, accuracy: 2.5, "\(degrees)°")
            XCTAssertEqual(y, 21, accuracy: 2.5, "\(degrees)°")
        }
    }

    func testLayoutIsCheckedWhenBuilt() {
        XCTAssertThrowsError(try GrayImage(width: 10, height: 10, stride: 12, pixels: [UInt8](repeating: 0, count: 100)))
        XCTAssertNoThrow(try GrayImage(width: 10, height: 10, stride: 12, pixels: [UInt8](repeating: 0, count: 120)))
    }
}

enum TestPaths {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let samples = (packageRoot as NSString).appendingPathComponent("SampleImages")
    static let shared = ((packageRoot as NSString).deletingLastPathComponent as NSString).appendingPathComponent("shared")
}

enum ScanPaths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
}
