import CardModel

/// The order suggestions are listed in, documented in one place.
///
/// 1. Valid before invalid, always: an invalid reading never ranks above a valid one.
/// 2. Then by kind, in the order the region's users come for:
///    - GB: NHS number, loyalty, membership, National Insurance number;
///    - Jersey: wristband patient ID, JHCI string, JY number, NHS number, loyalty, membership;
///    - Guernsey: GY number, health details, NHS number, loyalty, membership;
///    then any other card (another island's number, for one), then the fields a card is made from: name, date of
///    birth, address, postcode, hospital number.
/// 3. Then by confidence, highest first.
enum SuggestionOrdering {
    static func cards(for region: Region) -> [SuggestionKind] {
        switch region {
        case .gb: [.nhsNumber, .loyalty, .membership, .nationalInsurance]
        case .je: [.jerseyPatientId, .jerseyHealthId, .jerseySocialSecurity, .nhsNumber, .loyalty, .membership]
        case .gg: [.guernseySocialSecurity, .guernseyHealthDetails, .nhsNumber, .loyalty, .membership]
        }
    }

    static let fields: [SuggestionKind] = [.name, .dateOfBirth, .address, .postcode, .hospitalNumber]

    /// The kind's place for the region: the region's cards, then other cards, then fields.
    static func position(of kind: SuggestionKind, in region: Region) -> Int {
        let cards = cards(for: region)
        if let i = cards.firstIndex(of: kind) { return i }
        if let i = fields.firstIndex(of: kind) { return cards.count + 1 + i }
        return cards.count
    }

    /// The sort key: valid first, then the kind's position, then confidence.
    static func key(valid: Bool, kind: SuggestionKind, confidence: Double, region: Region) -> (Int, Int, Double) {
        (valid ? 0 : 1, position(of: kind, in: region), -confidence)
    }
}
