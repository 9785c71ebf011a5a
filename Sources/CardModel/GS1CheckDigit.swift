/// The GS1 check digit (Mod 10, weights 3 and 1 from the right of the body): EAN-13, EAN-8, UPC, GSRN. Pure and
/// here in the model because reading (a loyalty code's validity, a wristband's GSRN) and drawing (a saved card's
/// code, `CodeRenderer`) both need it.
public enum GS1CheckDigit {
    /// Whether the last digit of an all-digit key is the check digit of the others.
    public static func holds(in key: String) -> Bool {
        let d = key.compactMap(\.wholeNumberValue)
        guard d.count == key.count, d.count >= 2 else { return false }
        let sum = d.dropLast().reversed().enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10 == d.last!
    }
}
