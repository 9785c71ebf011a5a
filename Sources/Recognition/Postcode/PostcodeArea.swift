/// The letters a postcode starts with name its area, and there are only so many: the 121 areas of Great Britain
/// and Northern Ireland, the Crown dependencies' JE (Jersey), GY (Guernsey) and IM (Isle of Man), and the
/// non-geographic BF (British Forces) and BX. A postcode-shaped word whose area is not one of them (`O80 1BD`, a
/// desk newspaper's `080 1BD` with its zero read as an O) is no postcode, and a look-alike repair that would make one
/// is not taken.
enum PostcodeArea {
    static let all: Set<String> = [
        "AB", "AL", "B", "BA", "BB", "BD", "BH", "BL", "BN", "BR", "BS", "BT", "CA", "CB", "CF", "CH", "CM", "CO",
        "CR", "CT", "CV", "CW", "DA", "DD", "DE", "DG", "DH", "DL", "DN", "DT", "DY", "E", "EC", "EH", "EN", "EX",
        "FK", "FY", "G", "GL", "GU", "HA", "HD", "HG", "HP", "HR", "HS", "HU", "HX", "IG", "IP", "IV", "KA", "KT",
        "KW", "KY", "L", "LA", "LD", "LE", "LL", "LN", "LS", "LU", "M", "ME", "MK", "ML", "N", "NE", "NG", "NN",
        "NP", "NR", "NW", "OL", "OX", "PA", "PE", "PH", "PL", "PO", "PR", "RG", "RH", "RM", "S", "SA", "SE", "SG",
        "SK", "SL", "SM", "SN", "SO", "SP", "SR", "SS", "ST", "SW", "SY", "TA", "TD", "TF", "TN", "TQ", "TR", "TS",
        "TW", "UB", "W", "WA", "WC", "WD", "WF", "WN", "WR", "WS", "WV", "YO", "ZE",
        "JE", "GY", "IM", "BF", "BX",
    ]
    /// A district ending in a letter (`W1A`, `SW1A`) is central London's alone.
    static let letteredDistricts: Set<String> = ["E", "N", "W", "EC", "NW", "SE", "SW", "WC"]

    /// Whether `outward` (an outward code of a valid shape, in capitals) lies in an area that exists.
    static func holds(_ outward: String) -> Bool {
        let area = String(outward.prefix { $0.isLetter })
        guard all.contains(area) else { return false }
        return outward.last?.isLetter != true || letteredDistricts.contains(area)
    }
}
