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
    /// What the recogniser weighed for each character of a text line read alone, best first, per word: kept in
    /// memory for the rules that validate a value (a postcode's shape chooses among them), never in the JSON.
    public var choices: [[[CharacterChoice]]]?

    private enum CodingKeys: String, CodingKey { case id, kind, format, text, bytes, gs1, bounds, confidence }

    // Equal and hashed as encoded: the choices are a reading's detail, not what the item is.
    public static func == (a: RecognizedItem, b: RecognizedItem) -> Bool {
        a.id == b.id && a.kind == b.kind && a.format == b.format && a.text == b.text && a.bytes == b.bytes
            && a.gs1 == b.gs1 && a.bounds == b.bounds && a.confidence == b.confidence
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id); hasher.combine(kind); hasher.combine(format); hasher.combine(text)
        hasher.combine(bytes); hasher.combine(gs1); hasher.combine(bounds); hasher.combine(confidence)
    }

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

/// One alternative a recogniser weighed for one character, with its confidence (0…1).
public struct CharacterChoice: Hashable, Sendable {
    public let text: String
    public let confidence: Double

    public init(text: String, confidence: Double) {
        self.text = text; self.confidence = confidence
    }
}
