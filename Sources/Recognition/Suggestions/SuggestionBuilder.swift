import CardModel

/// Joins what was read (barcodes and text lines) into ranked card suggestions for a region — the part of
/// cardscan that plays zxing-cpp's MultiFormatReader role over the identifier families.
///
/// Readings of the same value join into one suggestion (a barcode and a printed number that agree raise its
/// confidence); invalid readings are kept, marked `valid: false` with the reason, and always rank below valid ones.
public struct SuggestionBuilder: Sendable {
    public let today: SimpleDate
    /// The items are a wristband's (`wristband IMAGE`, `camera --wristband`): a band's code is its patient ID
    /// (`Wristband.patientID`), whatever its symbology.
    public let wristband: Bool

    /// The given-name lexicon an unlabelled name is held to (`GivenNames.installed(in:)`; nil: no check). Handed in
    /// by the front end with its other settings: nothing here reads a file's location from the environment.
    public let givenNames: GivenNames?

    public init(today: SimpleDate, wristband: Bool = false, givenNames: GivenNames?) {
        self.today = today; self.wristband = wristband; self.givenNames = givenNames
    }

    public struct Output: Sendable {
        public let suggestions: [Suggestion]
        /// The region after evidence on the card (a JE or GY postcode, a JY or GY number) was considered.
        public let region: RegionResolution
    }

    public func build(items: [RecognizedItem], region: RegionResolution) -> Output {
        let evidence = EvidenceCollector(today: today, wristbandMode: wristband, givenNames: givenNames).collect(from: items)
        let region = refine(region, by: evidence)
        var joined = join(evidence)
        // A hospital's patient ID (a wristband's code) becomes a card only in Jersey's scheme; elsewhere, and beside
        // that card, it is the hospital number field.
        if region.code == .je {
            let cards = Set(joined.filter { $0.kind == .jerseyPatientId }.map(\.value))
            joined.removeAll { $0.kind == .hospitalNumber && cards.contains($0.value) && $0.fromBarcode }
        } else {
            joined.removeAll { $0.kind == .jerseyPatientId }
        }
        joined = keepingSurestReadings(joined)
        joined = NumberAgreement.marked(joined, items: items)
        joined += composites(from: joined, region: region.code)
        let ranked = joined.sorted {
            SuggestionOrdering.key(valid: $0.valid, kind: $0.kind, confidence: $0.confidence, region: region.code)
                < SuggestionOrdering.key(valid: $1.valid, kind: $1.kind, confidence: $1.confidence, region: region.code)
        }
        let suggestions = ranked.enumerated().map { index, j in
            Suggestion(id: SuggestionIds.id(index + 1), type: j.kind, value: j.value, display: j.display, valid: j.valid,
                       checks: j.checks, confidence: (j.confidence * 100).rounded() / 100, from: j.from,
                       bounds: j.bounds, problem: j.problem, card: card(for: j, region: region.code))
        }
        return Output(suggestions: suggestions, region: region)
    }

    /// One value, joined from its readings.
    struct Joined {
        var kind: SuggestionKind
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
            if let i = joined.firstIndex(where: { $0.kind == e.kind && $0.value == e.value }) {
                var j = joined[i]
                if !j.from.contains(e.itemID) { j.from.append(e.itemID) }
                // Two independent readings that agree: more sure than either.
                j.confidence = min(Confidence.textCeiling, max(j.confidence, e.confidence) + Confidence.agreementBonus)
                j.checks = Array(Set(j.checks + e.checks)).sorted()
                if !e.fromBarcode { j.bounds = e.bounds }  // the printed text is what a person taps
                j.fromBarcode = j.fromBarcode || e.fromBarcode
                joined[i] = j
            } else {
                joined.append(Joined(kind: e.kind, value: e.value, display: e.display, valid: e.valid,
                                     checks: e.checks, problem: e.problem, confidence: e.confidence, from: [e.itemID],
                                     bounds: e.bounds, codeType: e.codeType, fromBarcode: e.fromBarcode))
            }
        }
        // One value read valid and invalid (a barcode and a slip) is valid: the valid reading's check held.
        for i in joined.indices where !joined[i].valid {
            let readings = evidence.filter { $0.kind == joined[i].kind && $0.value == joined[i].value }
            if readings.contains(where: \.valid) { joined[i].valid = true; joined[i].problem = nil }
        }
        return foldingSlipsIntoCodes(joined)
    }

    /// One card, one value of each of these: several valid readings that contradict each other are one value
    /// misread, so the surest stays valid and the others are kept as alternatives with `problem`. A contradiction
    /// a front end would otherwise show as fact.
    /// - Names: any two (`Arthur Falla` and, from another pass, `Arthur Palla`): a name has no check to choose with.
    /// - Dates of birth: any two, for the same reason (cards-dev 0024 keystoned: `03/05/1982` and, from a second
    ///   pass, `08/08/1982`, both plausible). On cards-dev and its seven remakes the surest was the right one
    ///   wherever two were valid.
    /// - NHS numbers: two a few digits apart (`slipLimit`). Mod 11 catches every single slip but lets about one in
    ///   eleven of the rest through (cards-dev 0076's wristband remade dim, noisy and median-filtered:
    ///   `640 847 2184` read as `649 847 7164`, three slips, both passing). Numbers further apart are left alone:
    ///   a letter may name two people.
    func keepingSurestReadings(_ joined: [Joined]) -> [Joined] {
        var out = partsGivingWayToWholeNames(joined)
        let rules: [(kind: SuggestionKind, contradict: (String, String) -> Bool, problem: String)] = [
            (.name, { _, _ in true }, "another reading of the holder's name is surer"),
            (.dateOfBirth, { _, _ in true }, "another reading of the holder's date of birth is surer"),
            (.nhsNumber, { WordSlip.editDistance($0, $1, limit: Self.slipLimit(.nhsNumber)) <= Self.slipLimit(.nhsNumber) },
             "another reading of this number is surer"),
        ]
        for rule in rules {
            let readings = out.indices.filter { out[$0].kind == rule.kind && out[$0].valid }
                .sorted { (out[$0].confidence, -$0) > (out[$1].confidence, -$1) }  // ties: the first read
            for (rank, i) in readings.enumerated() where out[i].valid {
                for k in readings.dropFirst(rank + 1) where out[k].valid && rule.contradict(out[i].value, out[k].value) {
                    out[k].valid = false
                    out[k].problem = rule.problem
                    if rule.kind == .dateOfBirth, !out[i].checks.contains("labelled"),
                       out[i].confidence < Self.surerThanAContradiction * out[k].confidence {
                        out[i].valid = false
                        out[i].problem = Self.unlabelledDatesDisagree
                    }
                }
            }
        }
        return out
    }

    /// An unlabelled date of birth stays the card's only while it is this many times surer than any valid reading
    /// that contradicts it: a band's date printed under a streaked window, read `1911`, `1944`, `1914` and
    /// `1314` by the passes (cards-dev3 0046, printed 1941), gave `1911` at 0.46 beside `1944` at 0.36, offered as
    /// valid. With no label to say which date is the birth date and readings that disagree, none is offered as sure.
    static let surerThanAContradiction = 1.5
    static let unlabelledDatesDisagree = "readings of this date disagree, and no label says it is the date of birth"

    /// A name read in part by one pass and whole by another (`STAVELEY` after a label that lost its `Sur`, beside
    /// `Lowri STAVELEY` from the `Surname`/`Forename(s)` lines) is one name, not two contradicting readings: the
    /// whole one stands, as sure as the surer of the two, and the part is kept as an alternative. A part is one
    /// word of the other (a surname alone), or the other's start with its last word cut short (a line cut where a
    /// reading lost it: `Esme Stave` beside `Esme Staveley`). Not two words of three: a junk word read into a name
    /// (`Dorothy Rag Pereira` beside `Dorothy Pereira`, cards-dev 0008) would make it the "whole" one.
    func partsGivingWayToWholeNames(_ joined: [Joined]) -> [Joined] {
        var out = joined
        func words(_ name: String) -> [String] {
            name.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        }
        let names = out.indices.filter { out[$0].kind == .name && out[$0].valid }
        for i in names {
            let part = words(out[i].value)
            guard !part.isEmpty else { continue }
            for k in names where k != i && out[k].valid {
                let whole = words(out[k].value)
                guard Self.isPart(part, of: whole) else { continue }
                // A last letter more, on fewer lines than read the shorter name (`CHLOE Daviese` once, `CHLOE Davies`
                // on two lines): a letter one reading added, not one a cut lost; the name more readings agree on stands.
                if Self.isOneLetterLonger(part, whole), out[i].from.count > out[k].from.count {
                    out[i].confidence = max(out[k].confidence, out[i].confidence)
                    out[k].valid = false
                    out[k].problem = "a letter more than other readings of the holder's name"
                    break
                }
                out[k].confidence = max(out[k].confidence, out[i].confidence)
                out[i].valid = false
                out[i].problem = "part of a fuller reading of the holder's name"
                break
            }
        }
        return out
    }

    /// Whether the words `part` are a part of the name `whole` (see `partsGivingWayToWholeNames`).
    static func isPart(_ part: [String], of whole: [String]) -> Bool {
        if part.count == 1, whole.count > 1, whole.contains(part[0]) { return true }
        guard let last = part.last, part.count <= whole.count else { return false }
        if part.count == whole.count, isCutAtItsStart(part, of: whole) { return true }
        return (0...(whole.count - part.count)).contains { j in
            let cut = whole[j + part.count - 1]
            return Array(whole[j..<(j + part.count - 1)]) == Array(part.dropLast()) && cut.count > last.count && cut.hasPrefix(last)
        }
    }

    /// The same words but the last of `part`, which `whole` reads with one letter more at its end.
    static func isOneLetterLonger(_ part: [String], _ whole: [String]) -> Bool {
        guard part.count == whole.count, let last = part.last, let longer = whole.last else { return false }
        return part.dropLast() == whole.dropLast() && longer.count == last.count + 1 && longer.hasPrefix(last)
    }

    /// The same words but one, which is the other's word with its first letters lost (three letters or more left):
    /// a `SURNAME, Given` line cut at its left edge, by a label sheet's neighbour or the photo's border
    /// (`CHTERBERG, WEI` beside `ACHTERBERG, WEI`). A reader that loses letters leaves the end of a word, not another name.
    static func isCutAtItsStart(_ part: [String], of whole: [String]) -> Bool {
        let differing = zip(part, whole).filter { $0 != $1 }
        guard differing.count == 1, let (cut, word) = differing.first else { return false }
        return cut.count >= 3 && word.count > cut.count && word.hasSuffix(cut)
    }

    /// Kinds with no check character, so a printed slip passes their form: a hospital number, a social security
    /// number.
    static let uncheckedKinds: Set<SuggestionKind> = [.hospitalNumber, .jerseySocialSecurity, .guernseySocialSecurity, .nationalInsurance]

    /// Kinds whose printed slips a code on the card settles: the unchecked ones, and NHS numbers, whose check lets
    /// about one in eleven multiple slips through.
    static let kindsCodesSettle = uncheckedKinds.union([.nhsNumber])

    /// A reading that differs from another of the same kind by at most this many characters is that value misread
    /// (`K714761` printed beside a code carrying `K714781`): two for the short unchecked kinds; three for NHS
    /// numbers, whose ten digits keep seven in place, and two different people's numbers agree in seven places
    /// about once in a hundred thousand pairs.
    static func slipLimit(_ kind: SuggestionKind) -> Int { kind == .nhsNumber ? 3 : 2 }

    /// Printed readings that a code of the same kind on the card contradicts by a slip or two are the code's value
    /// misread: they join the code's suggestion instead of being offered as another value.
    func foldingSlipsIntoCodes(_ joined: [Joined]) -> [Joined] {
        var out = joined
        var drop = Set<Int>()
        for i in out.indices where Self.kindsCodesSettle.contains(out[i].kind) && !out[i].fromBarcode {
            let limit = Self.slipLimit(out[i].kind)
            let code = out.indices.first { k in
                k != i && out[k].kind == out[i].kind && out[k].fromBarcode && out[k].valid
                    && WordSlip.editDistance(out[k].value, out[i].value, limit: limit) <= limit
            }
            guard let k = code else { continue }
            for id in out[i].from where !out[k].from.contains(id) { out[k].from.append(id) }
            drop.insert(i)
        }
        return out.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
    }

    /// The demographics cards: Jersey's JHCI string and Guernsey's health details, from the name, date of birth
    /// and address read on the card.
    func composites(from joined: [Joined], region: Region) -> [Joined] {
        guard region == .je || region == .gg else { return [] }
        func best(_ kind: SuggestionKind) -> Joined? {
            joined.filter { $0.kind == kind && $0.valid }.max { $0.confidence < $1.confidence }
        }
        guard let name = best(.name), let dob = best(.dateOfBirth) else { return [] }
        let address = best(.address)
        let dobText = dob.display
        var value = "Name: \(name.value), DOB: \(dobText)"
        if let address { value += ", Address: \(address.value)" }
        let parts = [name, dob] + (address.map { [$0] } ?? [])
        return [Joined(kind: region == .je ? .jerseyHealthId : .guernseyHealthDetails, value: value, display: value,
                       valid: true, checks: ["name", "dob"] + (address == nil ? [] : ["address"]), problem: nil,
                       confidence: parts.map(\.confidence).min()! * Confidence.joinedShareOfWeakestPart, from: Array(Set(parts.flatMap(\.from))).sorted(),
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

    func card(for j: Joined, region: Region) -> CardCandidate? {
        switch j.kind {
        case .nhsNumber:
            let name: String
            switch NHSNumber(digits: j.value)?.range {
            case .scotlandCHI: name = "CHI Number"
            case .northernIrelandHC: name = "H&C Number"
            default: name = "NHS Number"
            }
            return CardCandidate(name: name, number: j.value, category: DefaultCategory.healthcare, region: .gb, codeType: .code128)
        case .jerseySocialSecurity:
            return CardCandidate(name: "Social Security Number", number: j.value, category: DefaultCategory.healthcare,
                                 region: .je, codeType: .code128)
        case .guernseySocialSecurity:
            return CardCandidate(name: "Social Security Number", number: j.value, category: DefaultCategory.healthcare,
                                 region: .gg, codeType: .code128)
        case .nationalInsurance:
            return CardCandidate(name: "National Insurance Number", number: j.value, category: DefaultCategory.insurance,
                                 region: .gb, codeType: .code128)
        case .jerseyHealthId:
            return CardCandidate(name: "Jersey Health ID", number: j.value, category: DefaultCategory.healthcare,
                                 region: .je, codeType: .qrCode)
        case .guernseyHealthDetails:
            return CardCandidate(name: "Guernsey Health Details", number: j.value, category: DefaultCategory.healthcare,
                                 region: .gg, codeType: .qrCode)
        case .jerseyPatientId:
            guard region == .je else { return nil }
            return Wristband.card(for: Wristband.PatientID(value: j.value, codeType: j.codeType, source: "barcode"))
        case .loyalty:
            return CardCandidate(name: "Loyalty Card", number: j.value, category: DefaultCategory.loyaltyCards,
                                 region: nil, codeType: j.codeType)
        case .membership:
            return CardCandidate(name: "Membership Card", number: j.value, category: DefaultCategory.memberships,
                                 region: nil, codeType: j.codeType)
        default:
            return nil
        }
    }
}
