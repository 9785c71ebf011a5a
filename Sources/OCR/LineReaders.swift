import CardModel
import Foundation

/// Which reader reads a detected line first, and whether the other reads it again when the first is unsure of it
/// (its confidence under `sure`): PP-OCR's recogniser (`learned`, on OpenVINO) or tesseract. Without the
/// recogniser's model or the runtime, tesseract reads alone whatever this says.
public enum LineReaders: String, Sendable, CaseIterable {
    case learnedFirst = "learned"
    case tesseractFirst = "tesseract"
    case learnedOnly = "learned-only"
    case tesseractOnly = "tesseract-only"
    /// tesseract reads every line first; a line it read with digits in it (a date, a number, a postcode) is read
    /// by PP-OCR's recogniser too and judged as `learnedFirst` judges (PP-OCR's reading unless it is unsure and
    /// tesseract's holds more surely read print); the other lines as `tesseractFirst`.
    case numbersLearned = "numbers-learned"

    /// The first reader's confidence from which the second is not asked.
    var sure: Double {
        switch self {
        case .learnedFirst, .learnedOnly: 0.9
        case .tesseractFirst, .tesseractOnly, .numbersLearned: DetectedLineReading.sureLine
        }
    }

    /// The environment variable that chooses them (`CARDSCAN_LINE_READERS=tesseract`, say), read by the
    /// configuration and handed on to worker processes; the default when unset or unknown.
    public static let environmentKey = "CARDSCAN_LINE_READERS"

    public static func configured(_ settings: ProcessSettings) -> LineReaders {
        settings.lineReaders.flatMap(LineReaders.init(rawValue:)) ?? .learnedFirst
    }

    /// Whether PP-OCR's recogniser reads a line first.
    var learnedFirst: Bool { self == .learnedFirst || self == .learnedOnly }

    /// Whether PP-OCR's recogniser is used at all.
    var usesLearned: Bool { self != .tesseractOnly }
}
