import Foundation

/// One command a front end sends to `cardscan session --stdio`, one JSON object per line.
/// `{"cmd":"start","device":"/dev/video0"}`, `{"cmd":"scanFile","path":"card.jpg"}`,
/// `{"cmd":"accept","suggestion":"s3"}` (`"noValidate":true` keeps an NHS test number), `{"cmd":"stop"}`, `{"cmd":"quit"}`.
public enum SessionRequest: Equatable, Sendable {
    public struct Start: Equatable, Sendable {
        public var device: String?
        public var size: String?
        public var once: Bool
        public var type: SuggestionKind?
        public var wristband: Bool
        public var timeout: Double?
        public init(device: String?, size: String?, once: Bool, type: SuggestionKind?, wristband: Bool, timeout: Double?) {
            self.device = device; self.size = size; self.once = once; self.type = type
            self.wristband = wristband; self.timeout = timeout
        }
    }
    case start(Start)
    case scanFile(path: String)
    /// Save a suggestion's card. `noValidate` is `cards add --no-validate`: without it an NHS number in the test range
    /// (999) is refused, since no patient holds one.
    case accept(suggestion: String, noValidate: Bool = false)
    case stop
    case quit

    /// The command's `cmd` (an answer's `request` names it).
    public var name: String {
        switch self {
        case .start: "start"
        case .scanFile: "scanFile"
        case .accept: "accept"
        case .stop: "stop"
        case .quit: "quit"
        }
    }

    /// Why a line is not a command; the session answers with an `error` event and goes on.
    public struct Problem: Error, Equatable, Sendable {
        public let message: String
    }

    private struct Wire: Decodable {
        var cmd: String
        var device: String?
        var size: String?
        var path: String?
        var suggestion: String?
        var once: Bool?
        var type: String?
        var wristband: Bool?
        var timeout: Double?
        var noValidate: Bool?
    }

    /// Parses one line. Lines longer than 64 KB are refused unread (a front end never needs them).
    public static func parse(_ line: String) -> Result<SessionRequest, Problem> {
        guard line.utf8.count <= 65_536 else { return .failure(.init(message: "command line longer than 64 KB")) }
        guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(line.utf8)) else {
            return .failure(.init(message: "not a JSON command object; send e.g. {\"cmd\":\"start\",\"device\":\"/dev/video0\"}"))
        }
        switch wire.cmd {
        case "start":
            if let timeout = wire.timeout, !(timeout > 0 && timeout.isFinite) {
                return .failure(.init(message: "start: timeout must be a number of seconds > 0"))
            }
            let type = wire.type.map(SuggestionKind.init(rawValue:))
            if let unknown = wire.type, type == .some(nil) {
                return .failure(.init(message: "start: unknown type '\(unknown.prefix(40))'; known: \(SuggestionKind.knownNames)"))
            }
            return .success(.start(.init(device: wire.device, size: wire.size, once: wire.once ?? false, type: type ?? nil,
                                         wristband: wire.wristband ?? false, timeout: wire.timeout)))
        case "scanFile":
            guard let path = wire.path, !path.isEmpty else { return .failure(.init(message: "scanFile needs \"path\"")) }
            return .success(.scanFile(path: path))
        case "accept":
            guard let id = wire.suggestion, !id.isEmpty else { return .failure(.init(message: "accept needs \"suggestion\" (an id such as \"s1\")")) }
            return .success(.accept(suggestion: id, noValidate: wire.noValidate ?? false))
        case "stop": return .success(.stop)
        case "quit": return .success(.quit)
        default:
            return .failure(.init(message: "unknown command '\(wire.cmd.prefix(40))'; known: start, scanFile, accept, stop, quit"))
        }
    }
}
