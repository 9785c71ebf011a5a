@testable import Decoding
import Foundation
import Imaging
import XCTest

/// The symbol step's dark areas are labelled by runs, not pixel by pixel, and their hulls made from each side's
/// convex chain, not from every row's corners (both for speed: a codeless photo pays them). Neither may change
/// what is found: checked here against the straightforward way (a flood fill over the grown pixels, the hull of
/// all corners) on binary images of random blobs, bars and specks.
final class DarkBlobsTests: XCTestCase {
    func testAreasByRunsAreTheAreasOfAPixelFloodFill() throws {
        var generator = SeededGenerator(seed: 7)
        for trial in 0..<12 {
            let binary = try Self.randomBinary(width: 97 + 13 * trial, height: 71 + 7 * trial, using: &generator)
            let (blobs, small) = DarkBlobs.find(in: binary, minSide: 6, maxSide: 60)
            let reference = Self.floodFill(binary, minSide: 6, maxSide: 60)
            XCTAssertEqual(blobs.count, reference.blobs.count, "trial \(trial)")
            XCTAssertGreaterThan(blobs.count, 0, "trial \(trial) has areas to compare")
            for (blob, expected) in zip(blobs, reference.blobs) {
                XCTAssertEqual([blob.minX, blob.minY, blob.maxX, blob.maxY, blob.pixelCount],
                               [expected.minX, expected.minY, expected.maxX, expected.maxY, expected.pixelCount], "trial \(trial)")
                XCTAssertEqual(blob.hull, expected.hull, "trial \(trial): hull of the area at \(blob.minX),\(blob.minY)")
            }
            XCTAssertEqual(small.map { [$0.minX, $0.minY, $0.maxX, $0.maxY] }, reference.small.map { [$0.minX, $0.minY, $0.maxX, $0.maxY] },
                           "trial \(trial)")
        }
    }

    /// The look for a Data Matrix printed light on dark is only taken in outlines lying on darker ground: a
    /// checkered square printed dark on white paper is not looked at again in the negative, the same square
    /// printed white on a dark card is.
    func testOnlyOutlinesOnDarkerGroundAreLookedAtInTheNegative() throws {
        let side = 120, (x0, x1) = (40, 80)
        var pixels = [UInt8](repeating: 235, count: side * side)
        for y in x0..<x1 { for x in x0..<x1 where ((x - x0) / 5 + (y - x0) / 5) % 2 == 0 { pixels[y * side + x] = 30 } }
        let darkOnPaper = try GrayImage(width: side, height: side, pixels: pixels)
        let outline = [PointF(x: 40, y: 40), PointF(x: 80, y: 40), PointF(x: 80, y: 80), PointF(x: 40, y: 80)]
        XCTAssertFalse(SymbolReader.liesOnDarkerGround(darkOnPaper, outline))
        XCTAssertTrue(SymbolReader.liesOnDarkerGround(darkOnPaper.inverted(), outline))
    }

    /// Black specks, bars at any slant and solid discs on white.
    static func randomBinary(width: Int, height: Int, using generator: inout SeededGenerator) throws -> GrayImage {
        var pixels = [UInt8](repeating: 255, count: width * height)
        for _ in 0..<(width * height / 60) {
            pixels[Int.random(in: 0..<(width * height), using: &generator)] = 0
        }
        for _ in 0..<6 {
            let cx = Double.random(in: 0..<Double(width), using: &generator), cy = Double.random(in: 0..<Double(height), using: &generator)
            let r = Double.random(in: 3...14, using: &generator), slant = Double.random(in: -1...1, using: &generator)
            for y in 0..<height {
                for x in 0..<width {
                    let dx = Double(x) - cx, dy = Double(y) - cy
                    let bar = abs(dx + slant * dy) < 2 && abs(dy) < 3 * r
                    if dx * dx + dy * dy < r * r || bar { pixels[y * width + x] = 0 }
                }
            }
        }
        return try GrayImage(width: width, height: height, pixels: pixels)
    }

    /// The way the areas were found before: grow every dark pixel to its 3x3 neighbourhood, flood fill from each
    /// unlabelled pixel in reading order, the hull of every row's end corners.
    static func floodFill(_ binary: GrayImage, minSide: Int, maxSide: Int) -> (blobs: [DarkBlob], small: [DarkBlobs.Box]) {
        let w = binary.width, h = binary.height
        var grown = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w where binary[x, y] == 0 {
                for yy in max(0, y - 1)...min(h - 1, y + 1) {
                    for xx in max(0, x - 1)...min(w - 1, x + 1) { grown[yy * w + xx] = true }
                }
            }
        }
        var labelled = [Bool](repeating: false, count: w * h)
        var blobs: [DarkBlob] = [], small: [DarkBlobs.Box] = []
        for start in 0..<(w * h) where grown[start] && !labelled[start] {
            var stack = [start], pixels: [(Int, Int)] = []
            labelled[start] = true
            while let i = stack.popLast() {
                let x = i % w, y = i / w
                pixels.append((x, y))
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < w && ny < h {
                    let n = ny * w + nx
                    if grown[n] && !labelled[n] { labelled[n] = true; stack.append(n) }
                }
            }
            let minX = pixels.map(\.0).min()!, maxX = pixels.map(\.0).max()!, minY = pixels.map(\.1).min()!, maxY = pixels.map(\.1).max()!
            let bw = maxX - minX + 1, bh = maxY - minY + 1
            if max(bw, bh) < minSide, max(bw, bh) >= 3 { small.append((minX, minY, maxX, maxY)) }
            guard min(bw, bh) >= minSide, max(bw, bh) <= maxSide else { continue }
            var corners: [PointF] = []
            for y in minY...maxY {
                let row = pixels.filter { $0.1 == y }.map(\.0)
                let left = Double(row.min()!), right = Double(row.max()! + 1)
                corners += [PointF(x: left, y: Double(y)), PointF(x: right, y: Double(y)),
                            PointF(x: left, y: Double(y + 1)), PointF(x: right, y: Double(y + 1))]
            }
            blobs.append(DarkBlob(minX: minX, minY: minY, maxX: maxX, maxY: maxY, pixelCount: pixels.count,
                                  hull: DarkBlobs.convexHull(corners)))
        }
        return (blobs, small)
    }
}
