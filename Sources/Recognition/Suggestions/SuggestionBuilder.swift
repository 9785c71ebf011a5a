import CardModel

/// Joins what was read (barcodes and text lines) into ranked card suggestions for a region — the part of
/// cardscan that plays zxing-cpp's MultiFormatReader role over the identifier families.
///
/// Readings of the same value join into one suggestion (a barcode and a printed number that agree raise its
/// confidence); invalid readings are kept, marked `valid: false` with the reason, and always rank below valid ones.
public struct SuggestionBuilder: Sendable {
    public let today: SimpleDate

    public init(today: SimpleDate) { self.today = today }

    public struct Output: Sendable {
        public let suggestions: [Suggestion]
        /// The region after evidence on the card (a JE or GY postcode, a JY or GY number) was considered.
        public let region: RegionResolution
    }

    public func build(items: [RecognizedItem], region: RegionResolution) -> Output {
        let evidence = EvidenceCollector(today: today).collect(from: items)
        let region = refine(region, by: evidence)
        var joined = join(evidence)
        // A hospital's patient ID (GS1 AI 91 on a wristband) becomes a card only in Jersey's scheme.
        if region.code != .je { joined.removeAll { $0.kind == "jerseyPatientId" } }
        joined += composites(from: joined, region: region.code)
        let ranked = joined.sorted { rank($0, region.code) < rank($1, region.code) }
        let suggestions = ranked.enumerated().map { index, j in
            Suggestion(id: "s\(index + 1)", type: j.kind, value: j.value, display: j.display, valid: j.valid,
                       checks: j.checks, confidence: (j.confidence * 100).rounded() / 100, from: j.from,
                       bounds: j.bounds, problem: j.problem, card: card(for: j, region: region.code))
        }
        return Output(suggestions: suggestions, region: region)
    }

    /// One value, joined from its readings.
    struct Joined {
        var kind: String
        var value: String
        var display: String
        var valid: Bool
        var checks: [String]
        var problem: String?
        var confidence: Double
        var from: [String]
        var bounds: Quad?
        var codeType: CodeType
        var fromBarcode: Bool
    }

    func join(_ evidence: [Evidence]) -> [Joined] {
        var joined: [Joined] = []
        for e in evidence {
            if let i = joined.firstIndex(where: { $0.kind == e.kind.rawValue && $0.value == e.value }) {
                var j = joined[i]
                if !j.from.contains(e.itemID) { j.from.append(e.itemID) }
                // Two independent readings that agree: more sure than either.
                j.confidence = min(0.99, max(j.confidence, e.confidence) + 0.04)
                j.checks = Array(Set(j.checks + e.checks)).sorted()
                if !e.fromBarcode { j.bounds = e.bounds }  // the printed text is what a person taps
                j.fromBarcode = j.fromBarcode || e.fromBarcode
                joined[i] = j
            } else {
                joined.append(Joined(kind: e.kind.rawValue, value: e.value, display: e.display, valid: e.valid,
                                     checks: e.checks, problem: e.problem, confidence: e.confidence, from: [e.itemID],
                                     bounds: e.bounds, codeType: e.codeType, fromBarcode: e.fromBarcode))
            }
        }
        // A barcode that is an NHS number is not also a membership card or a patient ID.
        let nhsItems = Set(joined.filter { $0.kind == "nhsNumber" && $0.valid }.flatMap(\.from))
        joined.removeAll { ($0.kind == "membership") && $0.from.allSatisfy(nhsItems.contains) }
        return joined
    }

    /// The demographics cards: Jersey's JHCI string and Guernsey's health details, from the name, date of birth
    /// and address read on the card.
    func composites(from joined: [Joined], region: Region) -> [Joined] {
        guard region == .je || region == .gg else { return [] }
        func best(_ kind: String) -> Joined? {
            joined.filter { $0.kind == kind && $0.valid }.max { $0.confidence < $1.confidence }
        }
        guard let name = best("name"), let dob = best("dateOfBirth") else { return [] }
        let address = best("address")
        let dobText = dob.display
        var value = "Name: \(name.value), DOB: \(dobText)"
        if let address { value += ", Address: \(address.value)" }
        let parts = [name, dob] + (address.map { [$0] } ?? [])
        return [Joined(kind: region == .je ? "jerseyHealthId" : "guernseyHealthDetails", value: value, display: value,
                       valid: true, checks: ["name", "dob"] + (address == nil ? [] : ["address"]), problem: nil,
                       confidence: parts.map(\.confidence).min()! * 0.95, from: Array(Set(parts.flatMap(\.from))).sorted(),
                       bounds: nil, codeType: .qrCode, fromBarcode: false)]
    }

    /// Evidence on the card refines the region (unless the user said which region).
    func refine(_ region: RegionResolution, by evidence: [Evidence]) -> RegionResolution {
        guard region.basis != .option else { return region }
        let votes = evidence.compactMap { e -> Region? in
            switch e.kind {
            case .postcode: Postcode(e.value)?.region
            case .jerseySocialSecurity: .je
            case .guernseySocialSecurity: .gg
            default: nil
            }
        }
        for candidate in [Region.je, .gg] where votes.contains(candidate) && !votes.contains(where: { $0 != candidate && $0 != .gb }) {
            return candidate == region.code ? region : RegionResolution(code: candidate, basis: .evidence)
        }
        return region
    }

    /// Sort key: valid first, then by what the region's users come for, then by confidence.
    func rank(_ j: Joined, _ region: Region) -> (Int, Int, Double) {
        let order: [String]
        switch region {
        case .gb: order = ["nhsNumber", "loyalty", "membership", "nationalInsurance"]
        case .je: order = ["jerseyPatientId", "jerseyHealthId", "jerseySocialSecurity", "nhsNumber", "loyalty", "membership"]
        case .gg: order = ["guernseySocialSecurity", "guernseyHealthDetails", "nhsNumber", "loyalty", "membership"]
        }
        let fields = ["name", "dateOfBirth", "address", "postcode"]
        let position = order.firstIndex(of: j.kind) ?? (fields.firstIndex(of: j.kind).map { 50 + $0 } ?? 40)
        return (j.valid ? 0 : 1, position, -j.confidence)
    }

    func card(for j: Joined, region: Region) -> CardCandidate? {
        switch j.kind {
        case "nhsNumber":
            let name: String
            switch NHSNumber(digits: j.value)?.range {
            case .scotlandCHI: name = "CHI Number"
            case .northernIrelandHC: name = "H&C Number"
            default: name = "NHS Number"
            }
            return CardCandidate(name: name, number: j.value, category: DefaultCategory.healthcare, region: .gb, codeType: .code128)
        case "jerseySocialSecurity":
            return CardCandidate(name: "Social Security Number", number: j.value, category: DefaultCategory.healthcare,
                                 region: .je, codeType: .code128)
        case "guernseySocialSecurity":
            return CardCandidate(name: "Social Security Number", number: j.value, category: DefaultCategory.healthcare,
                                 region: .gg, codeType: .code128)
        case "nationalInsurance":
            return CardCandidate(name: "National Insurance Number", number: j.value, category: DefaultCategory.insurance,
                                 region: .gb, codeType: .code128)
        case "jerseyHealthId":
            return CardCandidate(name: "Jersey Health ID", number: j.value, category: DefaultCategory.healthcare,
                                 region: .je, codeType: .qrCode)
        case "guernseyHealthDetails":
            return CardCandidate(name: "Guernsey Health Details", number: j.value, category: DefaultCategory.healthcare,
                                 region: .gg, codeType: .qrCode)
        case "jerseyPatientId":
            guard region == .je else { return nil }
            return CardCandidate(name: "Jersey Patient ID", number: j.value, category: DefaultCategory.healthcare,
                                 region: .je, isDefault: true, codeType: j.codeType)
        case "loyalty":
            return CardCandidate(name: "Loyalty Card", number: j.value, category: DefaultCategory.loyaltyCards,
                                 region: nil, codeType: .ean13)
        case "membership":
            return CardCandidate(name: "Membership Card", number: j.value, category: DefaultCategory.memberships,
                                 region: nil, codeType: j.codeType)
        default:
            return nil
        }
    }
}
