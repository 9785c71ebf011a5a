import CardModel
import Foundation

/// Decides the region for a scan: an explicit option, else the environment (`CARDSCAN_REGION`), else the config
/// file (`region = JE`), else the system time zone (Europe/Jersey → JE, Europe/Guernsey → GG, Europe/London and
/// Europe/Isle_of_Man → GB), else GB. Evidence on the card (a JE or GY postcode) refines it later, in the
/// suggestion layer.
public struct RegionResolver: Sendable {
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case unknownRegion(String, source: String)
        public var description: String {
            switch self {
            case .unknownRegion(let value, let source):
                "unknown region '\(value)' from \(source); use one of GB, JE, GG"
            }
        }
    }

    public static let timeZoneRegions: [String: Region] = [
        "Europe/Jersey": .je, "Europe/Guernsey": .gg, "Europe/London": .gb, "Europe/Belfast": .gb,
        "Europe/Isle_of_Man": .gb,
        "GB": .gb, "GB-Eire": .gb,
    ]

    public init() {}

    /// - Parameters:
    ///   - option: the `--region` value, if given.
    ///   - environment: the process environment (only `CARDSCAN_REGION` is read).
    ///   - config: the text of the config file, if there is one (`region = JE`; `#` starts a comment).
    ///   - timeZone: the system time zone identifier (e.g. `TimeZone.current.identifier`).
    public func resolve(option: String?, environment: [String: String], config: String? = nil,
                        timeZone: String?) throws(Problem) -> RegionResolution
    {
        if let option {
            guard let region = Region(code: option) else { throw .unknownRegion(option, source: "--region") }
            return RegionResolution(code: region, basis: .option)
        }
        if let value = environment["CARDSCAN_REGION"], !value.isEmpty {
            guard let region = Region(code: value) else { throw .unknownRegion(value, source: "CARDSCAN_REGION") }
            return RegionResolution(code: region, basis: .environment)
        }
        if let config, let value = Self.setting("region", in: config) {
            guard let region = Region(code: value) else { throw .unknownRegion(value, source: "the config file") }
            return RegionResolution(code: region, basis: .config)
        }
        if let timeZone, let region = Self.timeZoneRegions[timeZone] {
            return RegionResolution(code: region, basis: .timezone)
        }
        return RegionResolution(code: .gb, basis: .fallback)
    }

    /// `key = value` from a small config file.
    static func setting(_ key: String, in config: String) -> String? {
        for raw in config.split(separator: "\n") {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == key, !parts[1].isEmpty { return parts[1] }
        }
        return nil
    }

    /// The region as the CLI resolves it: option, environment, config file (`settings.configPath`), time zone.
    public func resolve(option: String?, settings: ProcessSettings) throws(Problem) -> RegionResolution {
        let config = try? String(contentsOfFile: settings.configPath, encoding: .utf8)
        return try resolve(option: option, environment: settings.environment, config: config, timeZone: TimeZone.current.identifier)
    }
}
