import Foundation

/// A saved card (the product's card model).
public struct IDCard: Codable, Hashable, Sendable {
    public var id: UUID
    public var name: String
    public var number: String
    public var category: String
    public var region: Region?
    public var isDefault: Bool
    public var codeType: CodeType
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID = UUID(), name: String, number: String, category: String, region: Region? = nil,
                isDefault: Bool = false, codeType: CodeType = .code128, createdAt: Date = Date(), updatedAt: Date = Date()) {
        self.id = id; self.name = name; self.number = number; self.category = category; self.region = region
        self.isDefault = isDefault; self.codeType = codeType; self.createdAt = createdAt; self.updatedAt = updatedAt
    }

    public init(candidate: CardCandidate) {
        self.init(name: candidate.name, number: candidate.number, category: candidate.category, region: candidate.region,
                  isDefault: candidate.isDefault, codeType: candidate.codeType)
    }
}

extension IDCard {
    /// A number typed as it is printed (`999 000 0018`, `4417-848-467`) is stored as its digits: that is what its
    /// barcode holds (a Code 128 of the spaced form would carry the spaces to the till) and what finds the same
    /// card saved from a scan. Anything with a letter (`JY 12 34 56 A`, `GYM-0042`) is kept as typed.
    /// The store applies it to every card it saves, whichever command or page saved it.
    public static func compacted(number: String) -> String {
        let separators: Set<Character> = [" ", "-"]
        guard number.contains(where: \.isNumber), number.allSatisfy({ $0.isASCII && ($0.isNumber || separators.contains($0)) }) else { return number }
        return number.filter(\.isNumber)
    }
}
