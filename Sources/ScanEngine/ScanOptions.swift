import CardModel
import Decoding
import Imaging
import Recognition

/// Everything that shapes a scan, as plain values. Each `cardscan scan` flag maps to one property.
public struct ScanOptions: Sendable {
    /// Barcode formats and retry policy (default: all formats, retries on).
    public var barcodes: BarcodeOptions
    /// Largest image accepted, judged from its header (default 50 megapixels).
    public var pixelLimit: Int
    /// The region in force (default: resolved by the caller; nil leaves it out of results).
    public var region: RegionResolution?
    /// Worker threads for many files (default: one per core).
    public var jobs: Int
    /// Read the card's printed text (tesseract) and build suggestions from it. Default true.
    public var readsText: Bool = true
    /// Read barcodes and text of one image at the same time, on two threads. Default true (lower latency for
    /// one card); `scanFiles` turns it off when its workers already fill every core.
    public var parallelStages: Bool = true
    /// "Today", for judging dates of birth (default: the current date).
    public var today: SimpleDate = .today
    /// What each decoding stage writes on stderr: barcode retries, OCR orientation, symbol location (never
    /// content). Default nothing; the CLI sets it from `--verbose` and the trace variables (`Traces`), and worker
    /// processes get it with their settings.
    public var traces = Traces()
    /// Seconds a worker process may spend on one photo before it is killed and the photo reported
    /// (`decoderCrashed`); batches decoded in workers only. Default 120 (`--photo-timeout`).
    public var photoTimeout: Double = 120
    /// The text stage's models, reader order and given-name list. Default: as the process's settings name them
    /// (`ProcessSettings`), which is what the front ends mean; a caller may hand in others.
    public var text: TextModels
    /// Where photos are decoded: in worker processes (`WorkerIsolation`; a batch's, and the photos a session is
    /// given), or in this process (nil, the default for a library caller).
    public var isolation: WorkerIsolation?

    public init(barcodes: BarcodeOptions = BarcodeOptions(), pixelLimit: Int = ImageLoader.defaultPixelLimit,
                region: RegionResolution? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                text: TextModels = TextModels(settings: .current)) {
        self.barcodes = barcodes; self.pixelLimit = pixelLimit; self.region = region; self.jobs = max(1, jobs)
        self.text = text
    }
}

import Foundation
