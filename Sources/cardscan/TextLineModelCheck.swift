import Foundation
import Locating
import OCR

/// The text-line detector's model, checked once per run before a command that reads text starts: a missing or
/// damaged model is named in one line on stderr (not once per photo or per worker), and the run goes on with
/// tesseract's layout analysis alone (`none` is handed on to the readers and worker processes, so they neither
/// look again nor warn again).
enum TextLineModelCheck {
    static func runOnce() {
        guard let model = TextLineModel.configured(.current) else { return }
        do throws(TextLineModelError) {
            _ = try TextLineDetector(model: model)
        } catch {
            Terminal.err("cardscan: \(error)")
            setenv(TextLineModel.environmentKey, "none", 1)
            return
        }
        // The recogniser: without it the detector's lines are read by tesseract (said once, as above).
        if LineReaders.configured(.current) != .tesseractOnly, let problem = TextReader.recogniserProblem(model: model) {
            Terminal.err("cardscan: \(problem); the text lines are read by tesseract alone (slower); run Scripts/setup")
            setenv(LineReaders.environmentKey, LineReaders.tesseractOnly.rawValue, 1)
        }
    }
}
