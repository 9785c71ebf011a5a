/// Why a front end's request to the session was refused: `code` is what a program checks (`busy`, `badCommand`,
/// `noSession`, `unknownSuggestion`, `notACard`, `storeFailed`), `message` says what to do next. Messages never
/// hold a card's number.
public struct SessionFailure: Error, CustomStringConvertible, Equatable, Sendable {
    public let code: String
    public let message: String
    public init(_ code: String, _ message: String) { self.code = code; self.message = message }
    public var description: String { message }
}
