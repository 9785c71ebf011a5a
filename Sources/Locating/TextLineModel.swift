import CardModel
import Foundation
import Inference

/// Where the text-line detector's weights are, and whether they are the ones `Scripts/setup` converted.
///
/// The model is PP-OCRv4's DB text detector (`ch_PP-OCRv4_det_infer.onnx`, Apache-2.0, from the PyPI wheel
/// `rapidocr-onnxruntime` 1.4.4), unchanged, run by the OpenVINO runtime in `runtime`. Neither is in git:
/// `Scripts/setup` fetches and checks both.
public struct TextLineModel: Sendable, Equatable {
    /// The model's file name inside the models folder.
    public static let fileName = "text-lines-ppocrv4-det.onnx"
    /// Where `Scripts/setup` puts it when neither `--models DIR` nor `CARDSCAN_MODELS` says otherwise.
    public static let defaultFolder = ModelsFolder.defaultPath
    /// The environment variable a process hands the folder on by (`ModelsFolder`). `none` turns the detector off.
    public static let environmentKey = ModelsFolder.environmentKey

    public let path: String
    /// The models folder (the text recogniser's models lie beside the detector's).
    public let folder: String
    public let runtime: InferenceRuntime

    public init(folder: String, runtime: InferenceRuntime = InferenceRuntime()) {
        self.folder = folder
        self.runtime = runtime
        path = (folder as NSString).appendingPathComponent(Self.fileName)
    }

    /// The folder this process was told to use, or the default; nil when the detector was turned off (`none`).
    public static func configured(_ settings: ProcessSettings) -> TextLineModel? {
        let runtime = settings.inferenceRuntimeFolder.map { InferenceRuntime(folder: $0) } ?? InferenceRuntime()
        return settings.modelsFolder.map { TextLineModel(folder: $0, runtime: runtime) }
    }
}

/// Why the text-line detector could not be used. The scan goes on with tesseract's own layout analysis.
public enum TextLineModelError: Error, CustomStringConvertible, Sendable, Equatable {
    case missing(path: String)
    case damaged(path: String, reason: String)
    case failed(reason: String)
    case runtimeMissing(reason: String)

    public var description: String {
        switch self {
        case .missing(let path):
            "text-line model not found at \(path): text is found by tesseract's layout analysis instead (slower, "
                + "fewer lines); run Scripts/setup, or point --models DIR at a folder holding \(TextLineModel.fileName)"
        case .damaged(let path, let reason):
            "text-line model at \(path) is damaged (\(reason)): text is found by tesseract's layout analysis "
                + "instead; run Scripts/setup to fetch it again"
        case .runtimeMissing(let reason):
            "the OpenVINO runtime is missing (\(reason)): text is read by tesseract alone (slower, fewer lines); "
                + "run Scripts/setup"
        case .failed(let reason):
            "the text-line detector failed (\(reason)); this image's text was found by tesseract's layout analysis"
        }
    }
}
