import CardModel

/// How hard `BarcodeReader` works on one image. Plain values; each CLI flag maps to one property.
public struct BarcodeOptions: Sendable, Equatable {
    /// Formats to look for. Default: all of them. Fewer formats are faster and give fewer chances of a false read.
    public var formats: Set<BarcodeFormat>
    /// When the first pass finds nothing, retry on transformed copies (scaled, inverted, binarised, rotated).
    /// Default true: a still photo is worth the extra time. Live video turns it off (the next frame is the retry).
    public var retries: Bool
    /// Most wall-clock time retries may take on one image, in seconds. Default 0.8 s; a retry already started
    /// finishes. The budget actually used is also capped at `retryBudgetFactor` times what the first pass took,
    /// so a small image that was quick to read is not given a photo's budget.
    public var retryBudget: Double
    /// Cap on retry time as a multiple of the first pass's time. Default 4 (with a floor of 20 ms): on the public
    /// corpus 2, 3 and 4 found the same codes, at 0.60, 0.70 and 0.78 of zbarimg's time; 4 leaves the most room
    /// for the harder phone photos the corpus lacks.
    public var retryBudgetFactor: Double = 4

    public init(formats: Set<BarcodeFormat> = Set(BarcodeFormat.allCases), retries: Bool = true,
                retryBudget: Double = 0.8) {
        self.formats = formats; self.retries = retries; self.retryBudget = retryBudget
    }
}
