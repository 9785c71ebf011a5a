import CardModel
import Locating
import OCR
import Recognition

/// What the text stage reads with, as values the front end hands in (`ScanOptions.text`): the learned detector's
/// and recogniser's model folder, which reader reads a line first, and the given-name list names are held to.
/// `init(settings:)` makes it from what the process was told (`--models`, `CARDSCAN_MODELS`,
/// `CARDSCAN_LINE_READERS`, `CARDSCAN_OPENVINO`); nothing below the front end looks these up itself.
public struct TextModels: Sendable {
    /// The detector's model (the recogniser's lie beside it); nil reads with tesseract's layout analysis alone.
    public var lines: TextLineModel?
    /// Which reader reads a detected line first, and whether the other reads it again.
    public var readers: LineReaders
    /// The given-name lexicon (nil: names are found without it).
    public var givenNames: GivenNames?

    public init(lines: TextLineModel?, readers: LineReaders, givenNames: GivenNames?) {
        self.lines = lines; self.readers = readers; self.givenNames = givenNames
    }

    /// As `settings` name them (the models folder, `none` turning the detector off; the list is looked for in the
    /// models folder, or the default one when the detector is off).
    public init(settings: ProcessSettings) {
        self.init(lines: TextLineModel.configured(settings), readers: LineReaders.configured(settings),
                  givenNames: GivenNames.installed(in: settings.listsFolder))
    }
}
