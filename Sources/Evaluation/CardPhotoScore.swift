import CardModel
import Foundation

/// Per-field recall of `cardscan scan --json` results against the card-photo sets' ground truth
/// (../shared/corpus/cards-dev), scored as that set's README says: valid suggestions only; a name counts when every
/// word of it is in one name suggestion (or the `Name:` part of a demographics string); a postcode in a postcode or
/// an address suggestion; a barcode when an item's text is the truth's. Used by CardsDevRecallTests and by
/// `cardscan-bench variants`.
public struct CardPhotoScore {
    public init() {}

    /// The fields scored, in the order tables print them.
    public static let fields = ["nhs", "dob", "postcode", "jy", "gy", "name", "hosp", "barcode"]

    public var hits: [String: Int] = [:]
    public var totals: [String: Int] = [:]
    /// The images each field missed.
    public var misses: [String: [String]] = [:]
    public var wrongValidNHS: [String] = []
    /// Valid name suggestions that are not the holder's name (a slip, a garbled line, a shop's name): names have no
    /// check digit, so this is how far a valid name can be trusted.
    public var wrongValidNames: [String] = []
    /// Valid dates of birth that are not the holder's: a digit slip that leaves a plausible date (`17/11/1968` for
    /// 1988) passes every check a date has.
    public var wrongValidDOBs: [String] = []
    public var nhsBands: [Double: (shown: Int, right: Int)] = [:]
    /// Every valid suggestion of a kind the truth has an answer for (NHS, date of birth, postcode, JY, GY, name,
    /// hospital number): its kind, confidence, and whether it is the holder's (a kind the card lacks: not).
    public var validSamples: [(kind: SuggestionKind, confidence: Double, correct: Bool)] = []
    /// Issue 38's measures: holders' names whose every word is among the words OCR read (anywhere on the photo),
    /// and how many of those were found; cards that got a valid name, and how many of those got someone else's (or
    /// a name where the card has none) ranked first.
    public var namesInRawText = 0, namesFoundOfThoseInRawText = 0
    public var cardsWithAValidName = 0, wrongFirstNames: [String] = []

    public static func compact(_ text: String) -> String {
        String(text.uppercased().filter { !$0.isWhitespace && $0 != "\u{1D}" && $0 != "(" && $0 != ")" })
    }

    /// The words of a name, upper-cased, whatever their order or commas (`HALL, Kathleen` = `Kathleen Hall`).
    static func nameWords(_ name: String) -> Set<String> {
        Set(name.uppercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init))
    }

    public mutating func count(_ field: String, _ hit: Bool, _ image: String) {
        totals[field, default: 0] += 1
        if hit { hits[field, default: 0] += 1 } else { misses[field, default: []].append(image) }
    }

    public mutating func add(result: [String: Any], truth: [String: Any], image: String) {
        // A photo that could not be scanned is an `error` entry, with no suggestions: it found nothing.
        let valid = (result["suggestions"] as? [[String: Any]] ?? []).filter { $0["valid"] as! Bool }
        /// A suggestion's kind; nil for a `type` this build does not know (the JSON may come from another build).
        func kind(_ suggestion: [String: Any]) -> SuggestionKind? { SuggestionKind(rawValue: suggestion["type"] as! String) }
        func values(_ type: SuggestionKind) -> Set<String> {
            Set(valid.filter { kind($0) == type }.map { $0["value"] as! String })
        }
        let nhs = truth["nhs_number"] as? String
        for suggestion in valid where kind(suggestion) == .nhsNumber {
            let value = suggestion["value"] as! String
            if value != nhs { wrongValidNHS.append("\(image): a wrong valid NHS number") }
            let band = min(0.9, (((suggestion["confidence"] as! Double) * 10).rounded(.down)) / 10)
            var tally = nhsBands[band] ?? (0, 0)
            tally.shown += 1; tally.right += value == nhs ? 1 : 0
            nhsBands[band] = tally
        }
        for suggestion in valid {
            guard let type = kind(suggestion) else { continue }
            let value = suggestion["value"] as! String
            let correct: Bool
            switch type {
            case .nhsNumber: correct = value == nhs
            case .dateOfBirth: correct = value == truth["dob"] as? String
            case .postcode: correct = Self.compact(value) == Self.compact(truth["postcode"] as? String ?? "-")
            case .jerseySocialSecurity: correct = value == truth["jersey_ssn"] as? String
            case .guernseySocialSecurity: correct = value == truth["guernsey_ssn"] as? String
            case .name: correct = Self.nameWords(value) == Self.nameWords(truth["name"] as? String ?? "-")
            case .hospitalNumber:
                let want = Self.compact(truth["hospital_number"] as? String ?? "-")
                correct = Self.compact(value) == want || Self.compact(value).hasSuffix("91" + want)
            default: continue
            }
            validSamples.append((type, suggestion["confidence"] as! Double, correct))
        }
        if let nhs { count("nhs", values(.nhsNumber).contains(nhs), image) }
        if let dob = truth["dob"] as? String { count("dob", values(.dateOfBirth).contains(dob), image) }
        for value in values(.dateOfBirth) where value != truth["dob"] as? String {
            wrongValidDOBs.append("\(image): \(value)")
        }
        if let postcode = truth["postcode"] as? String {
            let want = Self.compact(postcode)
            count("postcode", valid.contains { s in
                let value = Self.compact(s["value"] as! String)
                return (kind(s) == .postcode && value == want) || (kind(s) == .address && value.contains(want))
            }, image)
        }
        if let jy = truth["jersey_ssn"] as? String { count("jy", values(.jerseySocialSecurity).contains(jy), image) }
        if let gy = truth["guernsey_ssn"] as? String { count("gy", values(.guernseySocialSecurity).contains(gy), image) }
        let holder = Self.nameWords((truth["name"] as? String) ?? "")
        for suggestion in valid where kind(suggestion) == .name {
            let value = suggestion["value"] as! String
            if Self.nameWords(value) != holder { wrongValidNames.append("\(image): \(value)") }
        }
        let nameSuggestions = valid.filter { kind($0) == .name }
        if let first = nameSuggestions.first {
            cardsWithAValidName += 1
            if Self.nameWords(first["value"] as! String) != holder || truth["name"] as? String == nil {
                wrongFirstNames.append("\(image): \(first["value"] as! String)")
            }
        }
        if truth["name"] is String {
            // Every word of the name in a name suggestion, or in the Name: part of a demographics string.
            var candidates = valid.filter { kind($0) == .name }.map { ($0["value"] as! String).uppercased() }
            for s in valid where kind(s) != .name {
                let value = (s["value"] as! String).uppercased()
                if let range = value.range(of: "NAME:") {
                    candidates.append(String(value[range.upperBound...].prefix { $0 != ":" }))
                }
            }
            let found = candidates.contains { holder.isSubset(of: Self.nameWords($0)) }
            count("name", found, image)
            let read = Set(((result["items"] as? [[String: Any]]) ?? []).filter { $0["kind"] as? String == "text" }
                .flatMap { ($0["text"] as! String).uppercased().split(whereSeparator: { !$0.isLetter && $0 != "'" && $0 != "-" }).map(String.init) })
            if holder.isSubset(of: read) {
                namesInRawText += 1
                if found { namesFoundOfThoseInRawText += 1 }
            }
        }
        if let hospital = truth["hospital_number"] as? String {
            let want = Self.compact(hospital)
            count("hosp", valid.contains { s in
                let value = Self.compact(s["value"] as! String)
                return value == want || value.hasSuffix("91" + want)
            }, image)
        }
        if let barcode = truth["barcode"] as? [String: Any], let text = barcode["text"] as? String {
            let want = Self.compact(text)
            let items = (result["items"] as? [[String: Any]] ?? []).filter { $0["kind"] as! String == "barcode" }
            count("barcode", items.contains { Self.compact($0["text"] as! String) == want }, image)
        }
    }
}
