import Capture
import Decoding
import Foundation
import Imaging
import ScanEngine
/// `cardscan-bench frame-cost [DIR]`: what one live frame costs in the barcode path, by reader and format group,
/// at 640x480 and 1280x720 (first pass only, as in a live session): where to look when a frame rate falls short.
enum FrameCostProbe {
    static func run(_ dir: String) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".jpg") }.sorted().prefix(40)
        print("| frame size | readers | ms per frame | codes found (3 passes over \(files.count) frames) |")
        print("|---|---|---:|---:|")
        for size in [FrameSize(width: 640, height: 480), FrameSize(width: 1280, height: 720)] {
            var all = BarcodeOptions(); all.retries = false
            var zb = all; zb.formats = zb.formats.subtracting([.dataMatrix, .pdf417, .aztec])
            var zx = all; zx.formats = [.dataMatrix, .pdf417, .aztec]
            var qr = all; qr.formats = [.qrCode]
            var live = all; live.firstPassOnTwoThreads = true
            var reduced = live; reduced.maxWorkingPixels = SessionOptions.liveWorkingPixels
            let frames = try files.map { try LiveBenchmark.letterboxed(ImageLoader().load(contentsOf: "\(dir)/\($0)"), into: size) }
            for (name, o) in [("all formats, stills' routing", all), ("zbar: linear + QR", zb), ("zxing: DataMatrix, PDF417, Aztec", zx), ("zbar: QR only", qr), ("all formats, zbar and zxing on two threads", live), ("live: two threads, frames over 0.52 MP read at 0.52 MP", reduced)] {
                let r = BarcodeReader(options: o)
                let t = Date(); var n = 0
                for _ in 0..<3 { for f in frames { n += r.read(f).count } }
                print("| \(size) | \(name) | \(format(Date().timeIntervalSince(t) * 1000 / Double(frames.count * 3))) | \(n) |")
            }
            let t = Date(); for f in frames { _ = FrameMeasures(f) }
            print("| \(size) | sharpness + motion measures | \(format(Date().timeIntervalSince(t) * 1000 / Double(frames.count))) | – |")
        }
    }
}
