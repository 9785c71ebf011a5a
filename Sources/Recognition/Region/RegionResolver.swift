import CardModel

/// Decides the region for a scan: an explicit option, else the environment (`CARDSCAN_REGION`), else the system
/// time zone (Europe/Jersey → JE, Europe/Guernsey → GG, Europe/London → GB), else GB. Evidence on the card
/// (a JE or GY postcode) refines it later, in the suggestion layer.
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
        "GB": .gb, "GB-Eire": .gb,
    ]

    public init() {}

    /// - Parameters:
    ///   - option: the `--region` value, if given.
    ///   - environment: the process environment (only `CARDSCAN_REGION` is read).
    ///   - timeZone: the system time zone identifier (e.g. `TimeZone.current.identifier`).
    public func resolve(option: String?, environment: [String: String], timeZone: String?) throws(Problem)
        -> RegionResolution
    {
        if let option {
            guard let region = Region(code: option) else { throw .unknownRegion(option, source: "--region") }
            return RegionResolution(code: region, basis: .option)
        }
        if let value = environment["CARDSCAN_REGION"], !value.isEmpty {
            guard let region = Region(code: value) else { throw .unknownRegion(value, source: "CARDSCAN_REGION") }
            return RegionResolution(code: region, basis: .environment)
        }
        if let timeZone, let region = Self.timeZoneRegions[timeZone] {
            return RegionResolution(code: region, basis: .timezone)
        }
        return RegionResolution(code: .gb, basis: .fallback)
    }
}
