/// One barcode decoded from an image, copied out of whichever C library read it.
public struct Barcode: Hashable, Sendable {
    public var format: BarcodeFormat
    /// The content as text. EAN/UPC codes are given in their GTIN-13 form (UPC-A and UPC-E with a leading 0 and
    /// UPC-E expanded), so the same product reads the same whichever way it was printed. GS1 content keeps its
    /// FNC1 separators as GS (0x1D) characters.
    public var text: String
    /// The raw bytes, present when the content is not valid UTF-8 or its character set was decided by us (QR).
    public var bytes: [UInt8]?
    /// GS1 element string (GS1-128, GS1 DataMatrix, GS1 QR, DataBar).
    public var isGS1: Bool
    /// Where the code is, in the source image's pixels.
    public var bounds: Quad

    public init(format: BarcodeFormat, text: String, bytes: [UInt8]? = nil, isGS1: Bool = false, bounds: Quad) {
        self.format = format; self.text = text; self.bytes = bytes; self.isGS1 = isGS1; self.bounds = bounds
    }

    /// Whether `other` is the same physical code as this one (same content, overlapping position); EAN-13 and
    /// UPC-A are one family here since one reader may call a code what the other calls it.
    public func isSameCode(as other: Barcode) -> Bool {
        text == other.text && bytes == other.bytes && format.family == other.format.family
            && bounds.overlaps(other.bounds)
    }
}

extension BarcodeFormat {
    /// Formats that are the same symbol seen through different readers' names.
    var family: String {
        switch self {
        case .ean13, .upcA, .upcE: "EAN/UPC"
        default: rawValue
        }
    }
}
