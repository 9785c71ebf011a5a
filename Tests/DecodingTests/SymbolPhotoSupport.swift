import Evaluation
import Foundation
import Imaging
import XCTest

/// Test pictures of 2D codes made the way a camera sees them: zint draws the code (one pixel per module), and this
/// file puts it on a card with text, or on a wristband curved round a wrist and photographed at an angle.
enum SymbolPhoto {
    /// GS1 Data Matrix data that fills (without overflowing) the symbol `size` modules square, from `seed`.
    static func gs1Data(size: Int, seed: Int) -> String {
        func digits(_ n: Int) -> String {
            var x = UInt64(seed * 7919 + size * 104_729 + 17)
            return String((0..<n).map { _ in
                x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Character(String((x >> 33) % 10))
            })
        }
        // A GSRN (AI 8018) as on an NHS wristband: 17 digits and the GS1 mod-10 check digit.
        func gsrn() -> String {
            let body = digits(17).compactMap(\.wholeNumberValue)
            let sum = body.reversed().enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 3 : 1) }
            return body.map(String.init).joined() + String((10 - sum % 10) % 10)
        }
        switch size {
        case 10: return "[91]" + digits(2)
        case 12: return "[91]" + digits(6)
        case 14: return "[91]" + digits(12)
        case 16: return "[8018]" + gsrn()
        case 18: return "[8018]" + gsrn() + "[91]" + digits(6)
        case 20: return "[8018]" + gsrn() + "[91]" + digits(12)
        case 22: return "[8018]" + gsrn() + "[91]" + digits(18)
        default: return "[8018]" + gsrn() + "[91]" + digits(24)
        }
    }

    /// The text zxing gives for GS1 data: AIs without brackets (separators ignored when comparing).
    static func expectedText(_ data: String) -> String { data.filter { $0 != "[" && $0 != "]" } }

    /// A `size`-module GS1 Data Matrix drawn by zint at one pixel per module (no quiet zone).
    static func dataMatrix(size: Int, data: String, in dir: String) throws -> GrayImage {
        let version = [10: 1, 12: 2, 14: 3, 16: 4, 18: 5, 20: 6, 22: 7, 24: 8][size]!
        let path = "\(dir)/dm-\(size)-\(abs(data.hashValue)).png"
        try runTool("zint", ["-b", "71", "--gs1", "--square", "--vers=\(version)", "--scale=0.5", "-d", data, "-o", path])
        let image = try ImageLoader().load(contentsOf: path)
        XCTAssertEqual(image.width, size, "zint drew \(image.width) modules for \(size)")
        return image
    }

    /// A white 1100x700 card with two lines of text, made once per folder by ImageMagick.
    static func card(in dir: String) throws -> GrayImage {
        let path = "\(dir)/card.png"
        if !FileManager.default.fileExists(atPath: path) {
            try runTool("convert", ["-size", "1100x700", "xc:white", "-fill", "black", "-font", "DejaVu-Sans",
                                    "-pointsize", "40", "-annotate", "+70+140", "Patient: Sam SAMPLE",
                                    "-pointsize", "32", "-annotate", "+70+210", "NHS No: 943 476 5919   DOB 02/03/1980",
                                    "-type", "Grayscale", path])
        }
        return try ImageLoader().load(contentsOf: path)
    }

    /// `code` (one pixel per module) drawn at `scale` pixels per module onto `card` with its top-left at (x, y).
    static func pasted(_ code: GrayImage, scale: Int, onto card: GrayImage, x: Int, y: Int) -> GrayImage {
        var out = card
        for v in 0..<(code.height * scale) {
            for u in 0..<(code.width * scale) { out[x + u, y + v] = code[u / scale, v / scale] }
        }
        return out
    }

    /// Writes `image` as a PGM file (for looking at a miss).
    static func save(_ image: GrayImage, _ path: String) {
        let header = Array("P5\n\(image.width) \(image.height)\n255\n".utf8)
        _ = FileManager.default.createFile(atPath: path, contents: Data(header + image.packedPixels))
    }

    /// How a band is seen: curved round a cylinder, turned, and photographed in perspective.
    struct View: CustomStringConvertible {
        /// Pixels per module at the symbol's centre.
        var scale: Double
        /// Cylinder radius, in symbol widths (a wrist is about 2.2 widths of a 12 mm code); 0 for flat.
        var radius: Double
        /// Turn about the horizontal axis (looking down at the wrist), about the vertical axis, and in the image plane.
        var tiltX: Double, tiltY: Double, roll: Double

        var description: String {
            "\(scale) px/module, radius \(radius) widths, tilt \(tiltX)°/\(tiltY)°, roll \(roll)°"
        }
    }

    /// `code` on a white band (six modules of margin) on a grey 640x480 frame, as `view` sees it: every small piece
    /// of the band is projected into the frame and averaged into the pixel it lands in (a camera's area sampling).
    static func photographed(_ code: GrayImage, view: View, seed: Int) -> GrayImage {
        let w = 640, h = 480
        var sum = [Double](repeating: 0, count: w * h), count = [Double](repeating: 0, count: w * h)
        let n = Double(code.width), margin = 6.0
        let radius = view.radius * n
        let distance = 4 * n  // camera distance: strong enough perspective to matter
        let focal = view.scale * distance
        let (ax, ay, az) = (view.tiltX * .pi / 180, view.tiltY * .pi / 180, view.roll * .pi / 180)
        let steps = 8.0
        var v = -n / 2 - margin
        while v < n / 2 + margin {
            var u = -n / 2 - margin * 3
            while u < n / 2 + margin * 3 {
                // On the cylinder (axis vertical, bulging toward the camera) or flat.
                var (x, y, z) = radius > 0 ? (radius * sin(u / radius), v, radius * (1 - cos(u / radius))) : (u, v, 0.0)
                (y, z) = (y * cos(ax) - z * sin(ax), y * sin(ax) + z * cos(ax))
                (x, z) = (x * cos(ay) + z * sin(ay), -x * sin(ay) + z * cos(ay))
                (x, y) = (x * cos(az) - y * sin(az), x * sin(az) + y * cos(az))
                let px = Double(w) / 2 + focal * x / (z + distance), py = Double(h) / 2 + focal * y / (z + distance)
                let ix = Int(px.rounded(.down)), iy = Int(py.rounded(.down))
                if ix >= 0, iy >= 0, ix < w, iy < h {
                    let cu = Int((u + n / 2).rounded(.down)), cv = Int((v + n / 2).rounded(.down))
                    let inside = cu >= 0 && cv >= 0 && cu < code.width && cv < code.height
                    sum[iy * w + ix] += inside ? Double(code[cu, cv]) * 0.85 + 25 : 235
                    count[iy * w + ix] += 1
                }
                u += 1 / steps
            }
            v += 1 / steps
        }
        // Grey desk with sensor noise (a fixed pseudo-random sequence: the same picture every run).
        var state = UInt64(seed + 1)
        var out = GrayImage(width: w, height: h, filledWith: 110)
        for i in 0..<(w * h) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Double(Int((state >> 33) % 13) - 6)
            let value = count[i] > 0 ? sum[i] / count[i] : 110
            out[i % w, i / w] = UInt8(max(0, min(255, value + noise)))
        }
        return out
    }
}
