extension IDCard {
    /// The number with its middle hidden when it is a health or insurance identifier (`943 *** 5919`,
    /// `JY*****6A`), as lists show it until a person asks to reveal it; other cards' numbers as they are.
    public var maskedNumber: String {
        let n = number
        guard category == DefaultCategory.healthcare || category == DefaultCategory.insurance else { return n }
        if n.count == 10, n.allSatisfy(\.isNumber) { return "\(n.prefix(3)) *** \(n.suffix(4))" }
        if n.count > 6 && n.count < 30 { return String(n.prefix(2)) + String(repeating: "*", count: n.count - 4) + String(n.suffix(2)) }
        return n.count >= 30 ? String(n.prefix(12)) + "…" : n
    }
}
