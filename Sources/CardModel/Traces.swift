import Foundation

/// What a scan writes on stderr for the person tuning it: which stages ran, how long each took, why a step gave
/// up. Never a card's content (the PHI audit test checks the default and `--verbose`), except the two image folders,
/// which are for development on synthetic cards only.
///
/// A plain value carried by the options (`ScanOptions.traces`, worker settings), so a worker process traces what
/// its supervisor was asked to, and nothing deep in the pipeline reads the environment. `init(verbose:settings:)`
/// turns the `CARDSCAN_TRACE_*` variables into this value.
public struct Traces: Codable, Hashable, Sendable {
    /// Each stage and its time: barcode retries, OCR passes, orientation and skew (`--verbose`).
    public var stages = false
    /// OCR's passes, orientation and skew estimates without the rest of `--verbose` (`CARDSCAN_TRACE_OCR=1`).
    public var text = false
    /// Each barcode retry, its time and whether it found a code (`CARDSCAN_TRACE_RETRIES=1`).
    public var retries = false
    /// Each step of 2D symbol location: candidates, and why one was dropped (`CARDSCAN_TRACE_SYMBOLS=1`).
    public var symbols = false
    /// Development only: every image tesseract is given is written here, 0600, numbered and named by its pass
    /// (`CARDSCAN_TRACE_OCR_DIR`). It holds the card's text: never set it on real cards.
    public var textImagesFolder: String?
    /// Development only, with `symbols`: each symbol grid drawn is written here as PGM (`CARDSCAN_TRACE_SYMBOLS_DIR`).
    public var symbolImagesFolder: String?

    public init() {}

    /// `--verbose` and the development variables.
    public init(verbose: Bool, settings: ProcessSettings) {
        func set(_ name: String) -> String? { settings.value(name) }
        stages = verbose
        text = set("CARDSCAN_TRACE_OCR") == "1"
        retries = set("CARDSCAN_TRACE_RETRIES") == "1"
        symbols = set("CARDSCAN_TRACE_SYMBOLS") == "1"
        textImagesFolder = set("CARDSCAN_TRACE_OCR_DIR")
        symbolImagesFolder = set("CARDSCAN_TRACE_SYMBOLS_DIR")
    }

    /// Whether OCR writes its stage lines.
    public var textStages: Bool { stages || text }
    /// Whether barcode retries are written.
    public var barcodeRetries: Bool { stages || retries }
}
