import Foundation
import Inference

/// A recogniser that cannot run as `LineRecognizer` expects (a model file replaced by another model, whose network
/// does not compile or answers another shape) leaves tesseract to read every line. `TextLineModelCheck` looks only
/// at the file and its character list, not at the network: this says it once a process on stderr, where the
/// network failed to compile or a line failed to read, since the reading would otherwise be tesseract's alone
/// without a word.
enum RecogniserFailure {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var reported = false
    static func reportOnce(_ error: InferenceError) {
        let first = lock.withLock { () -> Bool in
            defer { reported = true }
            return !reported
        }
        guard first else { return }
        // One line: OpenVINO's exceptions run over several, with its source file's place.
        let why = "\(error)".split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        FileHandle.standardError.write(Data("cardscan: the text recogniser cannot read (\(why)); tesseract reads the text lines\n".utf8))
    }
}
