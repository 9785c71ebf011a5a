import CardModel

/// How hard `BarcodeReader` works on one image. Plain values; each CLI flag maps to one property.
public struct BarcodeOptions: Sendable, Equatable {
    /// Formats to look for. Default: all of them. Fewer formats are faster and give fewer chances of a false read.
    public var formats: Set<BarcodeFormat>
    /// When the first pass finds nothing, retry on transformed copies (scaled, inverted, binarised, rotated).
    /// Default true: a still photo is worth the extra time. Live video turns it off (the next frame is the retry).
    public var retries: Bool
    /// Wall-clock budget for retries on one image, in seconds. Default 0.8 s; a retry already started finishes.
    public var retryBudget: Double

    public init(formats: Set<BarcodeFormat> = Set(BarcodeFormat.allCases), retries: Bool = true,
                retryBudget: Double = 0.8) {
        self.formats = formats; self.retries = retries; self.retryBudget = retryBudget
    }
}
