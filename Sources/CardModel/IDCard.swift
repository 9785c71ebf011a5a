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
