import Locating
import XCTest

/// The geometry between the detector's rotated rectangles and the lines tesseract reads: which way the print
/// runs, which pieces make one row, in what order rows are read, and when a closer look is worth a second pass.
final class LineGeometryTests: XCTestCase {
    /// A rectangle centred at (cx, cy), `length` along `degrees`, `height` across, as the detector gives one
    /// (corners in OpenCV's order, starting anywhere).
    func rect(_ cx: Double, _ cy: Double, length: Double, height: Double, degrees: Double = 0, startingAt first: Int = 0) -> DetectedLine {
        let r = degrees * .pi / 180
        let u = PointD(x: cos(r), y: sin(r)), n = PointD(x: -sin(r), y: cos(r))
        let corners = [(-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0), (1.0, 1.0)].map { a, d in
            PointD(x: cx + u.x * a * length / 2 + n.x * d * height / 2, y: cy + u.y * a * length / 2 + n.y * d * height / 2)
        }
        return DetectedLine(corners: Array(corners[first...] + corners[..<first]), score: 0.9)
    }

    func testThePrevailingDirectionIsTheLongSidesOfTheLines() throws {
        let tilted = [rect(100, 100, length: 300, height: 30, degrees: 20), rect(120, 160, length: 200, height: 30, degrees: 20),
                      rect(300, 300, length: 30, height: 28, degrees: 70)]  // a square-ish mark says nothing
        XCTAssertEqual(try XCTUnwrap(LineGeometry.prevailingDegrees(tilted)), 20, accuracy: 0.5)
        // Lines running down the frame: ±90° are one direction (a doubled-angle mean, not 0).
        let down = [rect(100, 100, length: 300, height: 30, degrees: 89), rect(150, 100, length: 300, height: 30, degrees: -89)]
        XCTAssertEqual(abs(try XCTUnwrap(LineGeometry.prevailingDegrees(down))), 90, accuracy: 0.5)
        XCTAssertNil(LineGeometry.prevailingDegrees([rect(10, 10, length: 20, height: 20)]), "no evident line, no direction")
    }

    func testEachLineReadsAlongThePrevailingDirectionWhicheverCornerItStartsAt() {
        for start in 0..<4 {
            let lines = LineGeometry.lines([rect(200, 100, length: 300, height: 30, degrees: 10, startingAt: start)], prevailing: 10)
            XCTAssertEqual(lines.count, 1)
            XCTAssertEqual(lines[0].degrees, 10, accuracy: 0.5, "corner \(start)")
            XCTAssertEqual(lines[0].length, 300, accuracy: 0.5)
            XCTAssertEqual(lines[0].height, 30, accuracy: 0.5)
            XCTAssertEqual(lines[0].centre.x, 200, accuracy: 0.5)
        }
        // A short word, nearly square, reads along the others, not along its own slightly longer side.
        let word = LineGeometry.lines([rect(50, 50, length: 36, height: 40, degrees: 0)], prevailing: 90)
        XCTAssertEqual(word[0].degrees, 90, accuracy: 0.5)
        XCTAssertEqual(word[0].length, 40, accuracy: 0.5)
    }

    func testALabelAndItsValueOnOneRowAreOneLineAndRowsStayApart() {
        // `NHS No:` and `999 123 4567` a gap of one line height apart; the next row 40 px below.
        let label = rect(100, 100, length: 120, height: 30), value = rect(275, 101, length: 200, height: 30)
        let below = rect(150, 140, length: 220, height: 30)
        let lines = LineGeometry.lines([value, below, label], prevailing: 0)
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[0].length, 335, accuracy: 1, "the row runs from the label's start to the value's end")
        XCTAssertEqual(lines[1].centre.y, 140, accuracy: 1, "the row below comes second, apart")
        // A column far to the right (a table's other column) is a line of its own.
        let far = LineGeometry.lines([label, rect(700, 100, length: 120, height: 30)], prevailing: 0)
        XCTAssertEqual(far.count, 2)
        XCTAssertLessThan(far[0].centre.x, far[1].centre.x, "along the row, left to right")
        // Big print beside small print is not one line (a heading beside a value).
        XCTAssertEqual(LineGeometry.lines([label, rect(230, 100, length: 100, height: 70)], prevailing: 0).count, 2)
    }

    func testATurnedLineReadsFromItsOtherEnd() {
        let line = LineGeometry.lines([rect(200, 100, length: 300, height: 30)], prevailing: 0)[0]
        let turned = line.turned
        XCTAssertEqual(abs(turned.degrees), 180, accuracy: 0.5)
        XCTAssertEqual(turned.centre.x, line.centre.x, accuracy: 0.01)
        XCTAssertEqual(turned.centre.y, line.centre.y, accuracy: 0.01)
        XCTAssertEqual(turned.corners[0].x, line.corners[2].x, accuracy: 0.01, "its first corner is the other's third")
    }

    func testSmallPrintAsksForACloserLookAndLargePrintDoesNot() throws {
        // A letter small in a 1920 px frame: boxes 24 px tall in the photo, seen at 640/1920 of that.
        let small = (0..<6).map { rect(800, 600 + Double($0) * 40, length: 400, height: 24) }
        let zoom = try XCTUnwrap(LineGeometry.zoomRegion(small, imageWidth: 1080, imageHeight: 1920, inputScale: 640.0 / 1920,
                                                         wantedHeight: 32, largestSide: 960))
        XCTAssertLessThanOrEqual(zoom.x, 600); XCTAssertGreaterThanOrEqual(zoom.x + zoom.width, 1000)
        XCTAssertLessThanOrEqual(zoom.inputLongSide, 960)
        XCTAssertGreaterThan(Double(zoom.inputLongSide) / Double(max(zoom.width, zoom.height)), 1.25 * 640 / 1920)
        // A card filling a 640 px frame with 40 px lines was seen closely enough.
        let large = (0..<4).map { rect(320, 100 + Double($0) * 60, length: 400, height: 40) }
        XCTAssertNil(LineGeometry.zoomRegion(large, imageWidth: 640, imageHeight: 480, inputScale: 1, wantedHeight: 32, largestSide: 960))
    }
}
