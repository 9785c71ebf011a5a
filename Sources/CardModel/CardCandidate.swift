/// How a saved card shows its number (the card model's `codeType`).
public enum CodeType: String, Codable, Sendable, CaseIterable {
    case code128, ean13, ean8, qrCode, pdf417, aztec, dataMatrix, none

    /// The code type that displays a barcode of this format as the card had it.
    public init(format: BarcodeFormat) {
        switch format {
        case .ean13, .upcA, .upcE: self = .ean13
        case .ean8: self = .ean8
        case .qrCode: self = .qrCode
        case .pdf417: self = .pdf417
        case .aztec: self = .aztec
        case .dataMatrix: self = .dataMatrix
        default: self = .code128
        }
    }
}

/// The card a suggestion would create (the contract's `card`): what `cards add` would be given.
public struct CardCandidate: Codable, Hashable, Sendable {
    public var name: String
    public var number: String
    public var category: String
    public var region: Region?
    public var isDefault: Bool
    public var codeType: CodeType

    public init(name: String, number: String, category: String, region: Region?, isDefault: Bool = false,
                codeType: CodeType) {
        self.name = name; self.number = number; self.category = category; self.region = region
        self.isDefault = isDefault; self.codeType = codeType
    }
}

public enum DefaultCategory {
    public static let healthcare = "Healthcare"
    public static let loyaltyCards = "Loyalty Cards"
    public static let memberships = "Memberships"
    public static let insurance = "Insurance"
    public static let all = [healthcare, loyaltyCards, memberships, insurance]
}
