/// Where a card comes from, which decides how its identifiers are read.
public enum Region: String, Codable, Sendable, CaseIterable {
    case gb = "GB", je = "JE", gg = "GG"

    public init?(code: String) { self.init(rawValue: code.uppercased()) }
}

/// The region in force for a scan, and what decided it (the contract's `region`).
public struct RegionResolution: Codable, Hashable, Sendable {
    public enum Basis: String, Codable, Sendable {
        case option, environment, config, timezone, evidence, fallback
    }
    public var code: Region
    public var basis: Basis
    public init(code: Region, basis: Basis) { self.code = code; self.basis = basis }
}
