import Foundation

/// Something read from an image: a barcode or a line of text, with where it is. The JSON contract's `items`.
public struct RecognizedItem: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable { case barcode, text }

    /// Stable within one scan (`b1`, `t3`); a live session keeps it while the same item stays in view.
    public var id: String
    public var kind: Kind
    /// The symbology (barcodes only).
    public var format: BarcodeFormat?
    public var text: String
    /// Base64 of the raw bytes, when the content is binary or its character set was decided by us.
    public var bytes: String?
    /// Present and true for GS1 content (its element string keeps GS separators in `text`).
    public var gs1: Bool?
    public var bounds: Quad
    public var confidence: Double

    public init(id: String, kind: Kind, format: BarcodeFormat? = nil, text: String, bytes: String? = nil,
                gs1: Bool? = nil, bounds: Quad, confidence: Double) {
        self.id = id; self.kind = kind; self.format = format; self.text = text; self.bytes = bytes
        self.gs1 = gs1; self.bounds = bounds; self.confidence = confidence
    }

    public init(barcode: Barcode, id: String) {
        self.init(id: id, kind: .barcode, format: barcode.format, text: barcode.text,
                  bytes: barcode.bytes.map { Data($0).base64EncodedString() }, gs1: barcode.isGS1 ? true : nil,
                  bounds: barcode.bounds, confidence: 1.0)
    }
}
