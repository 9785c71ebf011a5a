import CardModel
import Foundation

extension HTTPResponse {
    /// A refusal or failure as JSON, `{"error":{"code":…,"message":…}}`: the code for programs, the message for a
    /// person (what was wrong and what to do). Messages never hold a card's number.
    static func problem(_ status: Int, _ code: String, _ message: String) -> HTTPResponse {
        json(status: status, ["error": ["code": code, "message": message]])
    }

    /// Any JSON-encodable value, keys sorted (as the CLI prints them).
    static func json<T: Encodable>(status: Int = 200, _ value: T) -> HTTPResponse {
        guard let data = try? APIJSON.encoder.encode(value) else {
            return HTTPResponse(status: 500, contentType: "application/json", bytes: Array(#"{"error":{"code":"internal","message":"the answer could not be encoded"}}"#.utf8))
        }
        return HTTPResponse(status: status, contentType: "application/json; charset=utf-8", bytes: Array(data))
    }
}

/// The JSON coders of the API: the same field names and date format as `cardscan … --json`.
enum APIJSON {
    static var encoder: JSONEncoder { CardJSON.encoder }
}
