/// What one image gave: the JSON contract's per-image object, one per line of `cardscan scan --json`.
public struct ScanResult: Codable, Sendable {
    public struct ImageSize: Codable, Hashable, Sendable {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) { self.width = width; self.height = height }
    }
    public struct Timings: Codable, Hashable, Sendable {
        public var loadMs: Double
        public var barcodeMs: Double
        public var ocrMs: Double?
        public var suggestMs: Double?
        /// The text-line detector's network time, part of `ocrMs` (nil without the model).
        public var detectorMs: Double?
        public init(loadMs: Double = 0, barcodeMs: Double = 0, ocrMs: Double? = nil, suggestMs: Double? = nil,
                    detectorMs: Double? = nil) {
            self.loadMs = loadMs; self.barcodeMs = barcodeMs; self.ocrMs = ocrMs; self.suggestMs = suggestMs
            self.detectorMs = detectorMs
        }
    }

    public var source: String
    public var image: ImageSize
    public var region: RegionResolution?
    public var items: [RecognizedItem]
    /// Ranked card suggestions (filled in by the suggestion layer; empty until it runs).
    public var suggestions: [Suggestion]
    public var timings: Timings

    public init(source: String, image: ImageSize, region: RegionResolution?, items: [RecognizedItem],
                suggestions: [Suggestion] = [], timings: Timings) {
        self.source = source; self.image = image; self.region = region; self.items = items
        self.suggestions = suggestions; self.timings = timings
    }
}

extension ScanResult {
    /// A barcode, or text that made a suggestion: what a person would call "found something". Lines of text
    /// alone are not (OCR reads fragments in any texture).
    public var foundSomething: Bool { items.contains { $0.kind == .barcode } || !suggestions.isEmpty }
}

/// A file that could not be scanned: the contract's `error` entry (`{"source": …, "error": {…}}`).
public struct ScanFailure: Codable, Sendable {
    public struct Detail: Codable, Sendable {
        public var code: String
        public var message: String
    }
    public var source: String
    public var error: Detail
    public init(source: String, code: String, message: String) {
        self.source = source; self.error = Detail(code: code, message: message)
    }
}

/// A ranked card suggestion (the contract's `suggestions`), made by the suggestion layer from the items.
public struct Suggestion: Codable, Hashable, Sendable {
    public var id: String
    /// What it is (the JSON's `type` string is the kind's raw value).
    public var type: SuggestionKind
    public var value: String
    public var display: String
    public var valid: Bool
    public var checks: [String]
    public var confidence: Double
    public var from: [String]
    public var bounds: Quad?
    /// Why it did not validate, when it did not (e.g. "fails the Modulus 11 check").
    public var problem: String?
    /// The card it would create; nil for a field that is part of a card (a name, a date of birth).
    public var card: CardCandidate?
    public init(id: String, type: SuggestionKind, value: String, display: String, valid: Bool, checks: [String],
                confidence: Double, from: [String], bounds: Quad?, problem: String? = nil, card: CardCandidate? = nil) {
        self.id = id; self.type = type; self.value = value; self.display = display; self.valid = valid
        self.checks = checks; self.confidence = confidence; self.from = from; self.bounds = bounds
        self.problem = problem; self.card = card
    }
}
