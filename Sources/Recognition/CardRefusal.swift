import CardModel

/// Why a card was not saved, and what to do next. Its text never holds the number: refusals go to stderr and to
/// the review queue's reasons, which may be logged.
public struct CardRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: String, Sendable {
        /// The number breaks its kind's rules (a failed check digit, an unissued range, a wrong form).
        case invalid
        /// An NHS number in the test range 999: well formed and valid, but never issued to a patient, so it is saved
        /// only when a person says so (`--no-validate`, or `"noValidate": true` in `session --stdio`).
        case testNumber
    }

    public let reason: Reason
    /// What is wrong, without the number.
    public let problem: String

    public init(_ reason: Reason, _ problem: String) { self.reason = reason; self.problem = problem }

    /// The refusal of an NHS number in the test range.
    public static let testNumber = CardRefusal(.testNumber,
        "the NHS number is in the NHS test range (999 xxx xxxx), which is never issued to a patient")

    /// What to do next.
    public var remedy: String {
        switch reason {
        case .invalid: "check the number (--no-validate saves it anyway)"
        case .testNumber: "pass --no-validate to keep a test number"
        }
    }

    /// The error code a live `error` event carries (`session --stdio` accept, `camera --save`).
    public var code: String { reason == .testNumber ? "testNumber" : "invalidCard" }

    public var description: String { "\(problem); \(remedy)" }
}
