import Foundation

/// How cardscan writes its JSON everywhere (`scan --json`, `camera --json`, `cards … --json`, the web API and its
/// event stream): sorted keys, slashes unescaped, ISO 8601 dates. One encoder, so an event the web server streams is
/// byte for byte the line `camera --json` prints.
public enum CardJSON {
    public static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        e.dateEncodingStrategy = .iso8601
        return e
    }()
}
