import CardModel

/// What to tell a person before they scan, by region (shown by front ends and `cardscan guidance`).
public enum Guidance {
    public static func prompt(for region: Region, wristband: Bool = false) -> String {
        switch region {
        case .gb: "Scan your NHS Number barcode (10-digit format)"
        case .je: wristband ? "Scan wristband barcode"
            : "Scan or capture details from your health card (e.g. name, DOB, address for JHCI matching)"
        case .gg: "Scan or capture your Social Security card or health details"
        }
    }
}
