/// A till receipt read as if it were a card: its words (`TOTAL`, `CASH`, `CHANGE`, `GST`…) say so. On one, a line
/// shaped like a name is an item or a shop (`KAYA PUFF`, `Take Out`, `Sub Total`: the given-name list has `kaya`,
/// `take`, `sub`) and its one date is the sale's, not anyone's birth: nothing but a label makes either the holder's.
/// On receipts-dev (120 Malaysian till receipts) every receipt but one reads 5 or more of these words; on cards-dev,
/// cards-dev2 and SampleImages no photo reads more than 2 (a letter's `Tel` and `Thank you`).
enum TillReceipt {
    static let words: Set<String> = [
        "total", "subtotal", "cash", "change", "gst", "vat", "tax", "qty", "invoice", "receipt", "cashier", "tendered",
        "rounding", "amount", "discount", "rm", "item", "items", "price", "payment", "paid", "balance", "thank", "sdn",
        "bhd", "tel", "description",
    ]
    /// Different receipt words a reading must hold to be a receipt's.
    static let wordsThatMakeOne = 4

    static func isOne(_ lines: [String]) -> Bool {
        var seen = Set<String>()
        for line in lines {
            for word in line.lowercased().split(whereSeparator: { !$0.isLetter }) where words.contains(String(word)) {
                seen.insert(String(word))
                if seen.count >= wordsThatMakeOne { return true }
            }
        }
        return false
    }

    /// Why an unlabelled name or date of birth on a receipt is not offered as the holder's.
    static let problem = "read on a till receipt (its TOTAL, CASH, GST…): only a label makes a name or date the holder's"
}
