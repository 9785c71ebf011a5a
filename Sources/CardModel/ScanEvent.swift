/// One line of a live session's event stream (`cardscan camera --json`, `cardscan session --stdio`): what a front
/// end consumes. Only the fields that belong to the event's kind are present.
public struct ScanEvent: Codable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case sessionStarted, itemAdded, itemUpdated, itemRemoved, suggestion, sceneRead, cardSaved, error, sessionClosed
    }

    /// A fault, and whether the session is carrying on (reconnecting, skipping a bad frame) or not.
    public struct Problem: Codable, Sendable, Equatable {
        public var code: String
        public var message: String
        public var recoverable: Bool
        public init(code: String, message: String, recoverable: Bool) {
            self.code = code; self.message = message; self.recoverable = recoverable
        }
    }

    /// What a source is delivering (`sessionStarted`).
    public struct Stream: Codable, Sendable, Equatable {
        public var source: String
        public var format: String
        public var width: Int?
        public var height: Int?
        public var driver: String?
        public var card: String?
        public init(source: String, format: String, width: Int? = nil, height: Int? = nil, driver: String? = nil, card: String? = nil) {
            self.source = source; self.format = format; self.width = width; self.height = height
            self.driver = driver; self.card = card
        }
    }

    /// Counts at the end of a session (`sessionClosed`).
    public struct Statistics: Codable, Sendable, Equatable {
        public var frames: Int
        public var decoded: Int
        public var dropped: Int
        public var ocrRuns: Int
        public init(frames: Int, decoded: Int, dropped: Int, ocrRuns: Int) {
            self.frames = frames; self.decoded = decoded; self.dropped = dropped; self.ocrRuns = ocrRuns
        }
    }

    public var event: Kind
    /// Seconds since the session started.
    public var time: Double
    /// The frame the event comes from (its index in the source).
    public var frame: Int?
    public var stream: Stream?
    public var region: RegionResolution?
    public var item: RecognizedItem?
    /// The item that left the view (`itemRemoved`).
    public var itemId: String?
    public var suggestion: Suggestion?
    /// The id of an earlier `suggestion` this one supersedes: the same value, now understood as another kind
    /// (a front end shows this one in its place).
    public var replaces: String?
    /// True on a camera's `suggestion` made from barcodes alone before any text reading of its frame finished: the
    /// card's text may still make it another kind (the Code 128 on an NHS card is a bare 10-digit code until the
    /// label is read), so it is not saved (`camera --save`, `accept`) until a `sceneRead` lists it in `settled`.
    public var awaitingText: Bool?
    /// The suggestions a text reading (`sceneRead`) ends the wait of: every earlier one marked `awaitingText` whose
    /// frame is no newer than the frame read, replaced or not (a person may still pick a replaced one by its id).
    public var settled: [String]?
    /// Milliseconds from the frame's capture to this event (`suggestion`).
    public var latencyMs: Double?
    public var card: IDCard?
    public var error: Problem?
    /// Why the session ended (`sessionClosed`): stopped, once, timeout, endOfInput, deviceLost, failed.
    public var reason: String?
    public var statistics: Statistics?
    /// The front end's request this answers (`session --stdio`), when it answers one.
    public var request: String?

    public init(_ event: Kind, time: Double, frame: Int? = nil) {
        self.event = event; self.time = time; self.frame = frame
    }
}
