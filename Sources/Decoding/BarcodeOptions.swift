import CardModel

/// How hard `BarcodeReader` works on one image. Plain values; each CLI flag maps to one property.
public struct BarcodeOptions: Sendable, Equatable {
    /// Formats to look for. Default: all of them. Fewer formats are faster and give fewer chances of a false read.
    public var formats: Set<BarcodeFormat>
    /// When the first pass finds nothing, retry on transformed copies (scaled, inverted, binarised, rotated).
    /// Default true: a still photo is worth the extra time. Live video turns it off (the next frame is the retry).
    public var retries: Bool
    /// How much retrying one image may do, in units of its own first pass (each retry step has a measured cost
    /// in those units; see RetryPlan). Default 3.7: on a photo from 640x480 to 1 MP the second opinion, the
    /// symbol locators and then the straightened copy, or inversion and a first turn of a 2D code, fit; a full
    /// plan is about 15. (It was 6 with a full-density zbar pass charged 2.3, which never read a code the other
    /// steps missed. Smaller images, budgeted as 640x480, and half-size retried larger ones lose the end of their
    /// plan, which read nothing more on the public corpus or on card photos.)
    /// Counting work, not seconds, keeps results the same on every machine and under load.
    public var retryEffort: Double = 3.7
    /// Images smaller than this many pixels are budgeted as if they had this many. Default 300 000 (640x480).
    public var retryMinimumPixels: Int = 300_000
    /// Larger images are read at this many pixels (then mapped back), with one full-size zxing look when
    /// nothing is found. Default 1 500 000: above every image of the public corpus, below a 1600x1200 photo.
    public var maxWorkingPixels: Int = 1_500_000
    /// Images with more pixels than this are retried from a half-size copy.
    /// Default 1 000 000.
    public var retryHalfSizeAbove: Int = 1_000_000
    /// Optional wall-clock cap on retries for one image, in seconds (a retry already started finishes). Default
    /// nil: no cap, because a cap in seconds makes the result depend on how busy or slow the machine is (a loaded
    /// CI runner, a small kiosk board); `retryEffort` bounds the work instead.
    public var retryBudget: Double?

    /// Run the first pass's two readers (zbar; zxing for the 2D formats) on two threads at once. Default false;
    /// a live session on a multi-core machine turns it on: a 1280x720 frame then costs the slower reader's time
    /// (zbar's line sweep, ~25 ms) instead of the sum (~38 ms; `cardscan-bench frame-cost`).
    public var firstPassOnTwoThreads = false

    /// What to write on stderr: each retry, its time and whether it found a code (`barcodeRetries`), the symbol
    /// locators' steps (`symbols`); never the content. Default: nothing (a scan sets it from `ScanOptions.traces`).
    public var traces = Traces()

    public init(formats: Set<BarcodeFormat> = Set(BarcodeFormat.allCases), retries: Bool = true,
                retryBudget: Double? = nil) {
        self.formats = formats; self.retries = retries; self.retryBudget = retryBudget
    }
}
