import CTextLines
import Foundation
import Imaging
import Inference

/// One text line the detector found: a rotated rectangle in the source image's pixels (corners in the order
/// OpenCV's `RotatedRect::points` gives them, not yet in reading order: `LineGeometry` settles that), and how
/// sure the detector is that it is text (its mean probability, 0…1).
public struct DetectedLine: Sendable, Equatable {
    public var corners: [PointD]
    public var score: Double

    public init(corners: [PointD], score: Double) {
        precondition(corners.count == 4, "a detected line has four corners")
        self.corners = corners; self.score = score
    }
}

/// A point with fractional coordinates, in an image's pixels.
public struct PointD: Sendable, Hashable {
    public var x: Double, y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// The learned text-line detector (PP-OCRv4's DB network run by OpenVINO): every line of print in a photo, at any
/// angle, in one pass, instead of tesseract's page layout analysis. Owns its compiled network; one thread at a time
/// (make one per worker). The network takes any input size; each new size costs one slower first pass.
public final class TextLineDetector {
    private let network: OpenVINOModel

    /// The long side the image is scaled to for the network (rounded up to a multiple of 32 on each side). Lines
    /// whose print is under about 8 px tall at this size are lost; a card filling a webcam frame has ~12 px print
    /// at 640.
    public var inputLongSide = 640
    public var options = ctl_options(inputWidth: 0, inputHeight: 0, threshold: 0.3, boxThreshold: 0.5,
                                     unclipRatio: 1.6, minSide: 3)

    /// Loads `model`, compiles it with `threads` inference threads, and checks it answers as a text detector (one
    /// probability plane of its input's size).
    public init(model: TextLineModel, threads: Int = 1) throws(TextLineModelError) {
        guard FileManager.default.isReadableFile(atPath: model.path) else { throw .missing(path: model.path) }
        do throws(InferenceError) {
            network = try OpenVINOModel(path: model.path, threads: max(1, threads), runtime: model.runtime)
            let answer = try network.run([Float](repeating: 1, count: 3 * 64 * 64), shape: [1, 3, 64, 64])
            guard answer.shape == [1, 1, 64, 64] else {
                throw InferenceError.failed(reason: "the model does not answer a text probability map")
            }
        } catch {
            switch error {
            case .runtimeMissing(_, let reason): throw .runtimeMissing(reason: reason)
            case .unreadableModel(_, let reason), .failed(let reason): throw .damaged(path: model.path, reason: reason)
            }
        }
    }

    /// The shim's NUL-terminated message.
    private static func message(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The network's input for an image of `width` x `height` scaled to `longSide`: the long side rounded up to a
    /// multiple of 32, the short one padded up to the first of a few shapes (16:9, 4:3, square). OpenCV 4.6 needs a
    /// network of its own for each input shape (the shim keeps a few), and a network's first pass costs half as
    /// much again as its later ones, plus ~50 ms to load: with shapes cut to each photo (and each closer look's
    /// region) nearly every pass paid that (cards-dev2, lines alone: the network's median 901 ms a photo).
    static func canvas(width: Int, height: Int, longSide: Int) -> (width: Int, height: Int) {
        func up(_ x: Double) -> Int { max(32, (Int(x.rounded(.up)) + 31) / 32 * 32) }
        let long = up(Double(longSide))
        let short = Double(min(width, height)) * Double(longSide) / Double(max(width, height))
        let shapes = [9.0 / 16, 3.0 / 4, 1].map { up($0 * Double(long)) }
        let side = shapes.first { Double($0) >= short.rounded() } ?? long
        return width >= height ? (long, side) : (side, long)
    }

    /// The lines of print in `image`, and the network's own time in milliseconds. `longSide`: the network's
    /// input long side for this call (`inputLongSide` when nil).
    public func detect(_ image: GrayImage, longSide: Int? = nil) throws(TextLineModelError) -> (lines: [DetectedLine], networkMs: Double) {
        let canvas = Self.canvas(width: image.width, height: image.height, longSide: longSide ?? inputLongSide)
        var options = self.options
        options.inputWidth = Int32(canvas.width)
        options.inputHeight = Int32(canvas.height)
        var error = [CChar](repeating: 0, count: 512)
        var blob = [Float](repeating: 0, count: 3 * canvas.width * canvas.height)
        var scale = 1.0
        let made = image.pixels.withUnsafeBufferPointer { pixels in
            ctl_blob(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.stride),
                     options.inputWidth, options.inputHeight, &blob, &scale, &error, Int32(error.count))
        }
        guard made == 0 else { throw .failed(reason: Self.message(error)) }
        let start = DispatchTime.now().uptimeNanoseconds
        let map: [Float]
        do throws(InferenceError) {
            let answer = try network.run(blob, shape: [1, 3, canvas.height, canvas.width])
            guard answer.shape == [1, 1, canvas.height, canvas.width] else {
                throw InferenceError.failed(reason: "the model answered a map of another size")
            }
            map = answer.values
        } catch {
            throw .failed(reason: error.description)
        }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let capacity = 1000
        var boxes = [ctl_box](repeating: ctl_box(), count: capacity)
        let count = map.withUnsafeBufferPointer { map in
            ctl_boxes(map.baseAddress, options.inputWidth, options.inputHeight, scale, options, &boxes, Int32(capacity),
                      &error, Int32(error.count))
        }
        guard count >= 0 else { throw .failed(reason: Self.message(error)) }
        let lines = boxes.prefix(Int(count)).map { box in
            let xs = [box.x.0, box.x.1, box.x.2, box.x.3], ys = [box.y.0, box.y.1, box.y.2, box.y.3]
            return DetectedLine(corners: (0..<4).map { PointD(x: Double(xs[$0]), y: Double(ys[$0])) }, score: Double(box.score))
        }
        return (lines, ms)
    }
}
