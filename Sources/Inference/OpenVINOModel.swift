import COpenVINO
import Foundation

/// Where the OpenVINO runtime is: the folder `Scripts/setup` unpacks the pinned wheel's libraries into, unless the
/// caller says otherwise. Loaded at most once per process, when the first model is opened.
public struct InferenceRuntime: Sendable, Equatable {
    public static let defaultFolder = "/usr/local/lib/cardscan-openvino"
    /// The environment variable that names another folder (read by the configuration, handed on to workers).
    public static let environmentKey = "CARDSCAN_OPENVINO"
    public var folder: String
    public init(folder: String = InferenceRuntime.defaultFolder) { self.folder = folder }

    /// False in a build with AddressSanitizer: OpenVINO's TBB opens a library with RTLD_DEEPBIND, which the
    /// sanitizer refuses, so such a build reads with tesseract alone (tests of the learned models skip there).
    public static var usableInThisBuild: Bool { cov_usable_in_this_build() != 0 }
}

/// Why a model could not be run.
public enum InferenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The runtime's libraries could not be opened (not installed, another version, damaged).
    case runtimeMissing(folder: String, reason: String)
    case unreadableModel(path: String, reason: String)
    case failed(reason: String)

    public var description: String {
        switch self {
        case .runtimeMissing(let folder, let reason): "the OpenVINO runtime in \(folder) could not be used (\(reason))"
        case .unreadableModel(let path, let reason): "the model \(path) could not be loaded (\(reason))"
        case .failed(let reason): "inference failed (\(reason))"
        }
    }
}

/// One ONNX model compiled for the CPU by OpenVINO, with its one inference request: the only Swift type that
/// touches COpenVINO. One thread at a time (make one per worker); `threads` is how many cores its inference uses.
public final class OpenVINOModel {
    private let handle: OpaquePointer
    public let path: String

    public init(path: String, threads: Int, runtime: InferenceRuntime = InferenceRuntime()) throws(InferenceError) {
        var error = [CChar](repeating: 0, count: 1024)
        guard cov_load_runtime(runtime.folder, &error, Int32(error.count)) == 0 else {
            throw .runtimeMissing(folder: runtime.folder, reason: Self.message(error))
        }
        guard let handle = cov_open(path, Int32(threads), &error, Int32(error.count)) else {
            throw .unreadableModel(path: path, reason: Self.message(error))
        }
        self.handle = handle
        self.path = path
    }

    deinit { cov_close(handle) }

    /// The model's first output for one f32 input of `shape`, with that output's shape.
    public func run(_ input: [Float], shape: [Int]) throws(InferenceError) -> (values: [Float], shape: [Int]) {
        precondition(shape.reduce(1, *) == input.count, "the input's shape does not match its size")
        var output: UnsafePointer<Float>?
        var outShape = [Int64](repeating: 0, count: 8)
        var rank: Int32 = 0
        var error = [CChar](repeating: 0, count: 1024)
        let dims = shape.map(Int64.init)
        let count = input.withUnsafeBufferPointer { pixels in
            cov_run(handle, pixels.baseAddress, dims, Int32(dims.count), &output, &outShape, &rank, &error, Int32(error.count))
        }
        guard count >= 0, let output else { throw .failed(reason: Self.message(error)) }
        return (Array(UnsafeBufferPointer(start: output, count: Int(count))), outShape.prefix(Int(rank)).map(Int.init))
    }

    private static func message(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
