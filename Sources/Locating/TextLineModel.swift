import CardModel
import Foundation

/// Where the text-line detector's weights are, and whether they are the ones `Scripts/setup` converted.
///
/// The model is PP-OCRv4's DB text detector (`ch_PP-OCRv4_det_infer.onnx`, Apache-2.0, from the PyPI wheel
/// `rapidocr-onnxruntime` 1.4.4), with its `Clip` nodes' bounds turned into attributes so that Debian's OpenCV 4.6
/// loads it (`Scripts/convert-text-model`). It is not in git: `Scripts/setup` fetches, converts and checks it.
public struct TextLineModel: Sendable, Equatable {
    /// The converted model's file name inside the models folder.
    public static let fileName = "text-lines-ppocrv4-det.onnx"
    /// Where `Scripts/setup` puts it when neither `--models DIR` nor `CARDSCAN_MODELS` says otherwise.
    public static let defaultFolder = ModelsFolder.defaultPath
    /// The environment variable a process hands the folder on by (`ModelsFolder`). `none` turns the detector off.
    public static let environmentKey = ModelsFolder.environmentKey

    public let path: String

    public init(folder: String) {
        path = (folder as NSString).appendingPathComponent(Self.fileName)
    }

    /// The folder this process was told to use, or the default; nil when the detector was turned off (`none`).
    public static func configured(environment: [String: String] = ProcessInfo.processInfo.environment) -> TextLineModel? {
        ModelsFolder.configured(environment: environment).map(TextLineModel.init(folder:))
    }
}

/// Why the text-line detector could not be used. The scan goes on with tesseract's own layout analysis.
public enum TextLineModelError: Error, CustomStringConvertible, Sendable, Equatable {
    case missing(path: String)
    case damaged(path: String, reason: String)
    case failed(reason: String)

    public var description: String {
        switch self {
        case .missing(let path):
            "text-line model not found at \(path): text is found by tesseract's layout analysis instead (slower, "
                + "fewer lines); run Scripts/setup, or point --models DIR at a folder holding \(TextLineModel.fileName)"
        case .damaged(let path, let reason):
            "text-line model at \(path) is damaged (\(reason)): text is found by tesseract's layout analysis "
                + "instead; run Scripts/setup to fetch and convert it again"
        case .failed(let reason):
            "the text-line detector failed (\(reason)); this image's text was found by tesseract's layout analysis"
        }
    }
}
