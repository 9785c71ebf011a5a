import Foundation

/// Reading a request's JSON body into a type, with a 4xx that says what is wrong instead of a crash.
extension HTTPRequest {
    func decodeJSON<T: Decodable>(_ type: T.Type, example: String) -> Result<T, JSONBodyProblem> {
        guard (header("content-type") ?? "").lowercased().hasPrefix("application/json") else {
            return .failure(.init(response: .problem(415, "badContentType", "send the body as JSON (Content-Type: application/json), e.g. \(example)")))
        }
        do {
            return .success(try JSONDecoder().decode(T.self, from: Data(body)))
        } catch DecodingError.keyNotFound(let key, _) {
            return .failure(.init(response: .problem(400, "badJSON", "the body lacks \"\(key.stringValue)\"; e.g. \(example)")))
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return .failure(.init(response: .problem(400, "badJSON", "\"\(field)\" has the wrong type; e.g. \(example)")))
        } catch {
            return .failure(.init(response: .problem(400, "badJSON", "the body is not a JSON object of the expected form; e.g. \(example)")))
        }
    }
}

/// A body that could not be used, with the answer to send.
struct JSONBodyProblem: Error { let response: HTTPResponse }
