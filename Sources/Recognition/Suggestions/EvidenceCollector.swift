import CardModel

/// Reads every item for every kind of value it may hold. Pure: the same items give the same evidence.
struct EvidenceCollector {
    let today: SimpleDate

    func collect(from items: [RecognizedItem]) -> [Evidence] {
        var evidence: [Evidence] = []
        let textLines = items.filter { $0.kind == .text }
        for item in items {
            switch item.kind {
            case .barcode: evidence += fromBarcode(item)
            case .text: evidence += fromText(item.text, item: item, confidence: item.confidence)
            }
        }
        evidence += addresses(in: textLines)
        return evidence
    }

    // MARK: Barcodes

    private func fromBarcode(_ item: RecognizedItem) -> [Evidence] {
        guard let format = item.format else { return [] }
        let text = item.text
        var found: [Evidence] = []
        if item.gs1 == true, let gs1 = GS1ElementString(text) {
            if let nhs = gs1.nhsNumberInGSRN {
                found.append(nhsEvidence(nhs, repaired: false, item: item, confidence: 0.97, fromBarcode: true, extra: ["gs1:8018"]))
            }
            // A wristband carries the hospital number in AI 91 (or only a GSRN, AI 8018). Other GS1 content — a
            // medicine pack's GTIN and expiry — is not a patient ID (fuzzing found a GS1 string without either
            // suggested as one, with an empty value).
            if let patientID = gs1.value("91") ?? gs1.value("8018") {
                found.append(Evidence(kind: .jerseyPatientId, value: patientID, display: patientID, valid: true,
                                      checks: ["gs1"], problem: nil, confidence: 0.95, itemID: item.id, bounds: item.bounds,
                                      fromBarcode: true, codeType: CodeType(format: format)))
            }
            return found
        }
        if text.count == 10, text.allSatisfy(\.isNumber), let nhs = NHSNumber(digits: text), !isRetail(format) {
            return [nhsEvidence(nhs, repaired: false, item: item, confidence: 0.95, fromBarcode: true)]
        }
        if isRetail(format) {
            let valid = GS1ElementString.passesMod10(text)
            return [Evidence(kind: .loyalty, value: text, display: text, valid: valid, checks: valid ? ["gtin:mod10"] : [],
                             problem: valid ? nil : "fails the EAN/UPC check digit", confidence: 0.95, itemID: item.id,
                             bounds: item.bounds, fromBarcode: true, codeType: .ean13)]
        }
        if format == .qrCode || format == .pdf417 || format == .aztec {
            // Demographics carried as text ("Name: …, DOB: …, Address: …"): read it like printed lines.
            let parts = text.split(whereSeparator: { $0 == "," || $0 == "\n" || $0 == "*" }).map(String.init)
            for part in parts { found += fromText(part, item: item, confidence: 0.95, fromBarcode: true) }
            if let postcodeIndex = parts.firstIndex(where: { !Postcode.find(in: $0).isEmpty }) {
                let before = parts[..<postcodeIndex].suffix(3).map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !Self.isLabelledField($0) }
                let address = (before + [parts[postcodeIndex].trimmingCharacters(in: .whitespaces)])
                    .map { $0.replacingOccurrences(of: "Address:", with: "").trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }.joined(separator: ", ")
                found.append(Evidence(kind: .address, value: address, display: address, valid: true, checks: ["postcode"],
                                      problem: nil, confidence: 0.9, itemID: item.id, bounds: item.bounds, fromBarcode: true))
            }
        }
        // What is left is a card number for a membership or similar card, unless the code carried a person's
        // details (then those are the suggestions) or is too long to be a number someone keeps.
        guard found.isEmpty, !text.isEmpty, text.count <= 40 else { return found }
        found.append(Evidence(kind: .membership, value: text, display: text, valid: true, checks: ["barcode"],
                              problem: nil, confidence: 0.9, itemID: item.id, bounds: item.bounds, fromBarcode: true,
                              codeType: CodeType(format: format)))
        return found
    }

    private func isRetail(_ f: BarcodeFormat) -> Bool { [.ean13, .ean8, .upcA, .upcE].contains(f) }

    private func nhsEvidence(_ nhs: NHSNumber, repaired: Bool, item: RecognizedItem, confidence: Double,
                             fromBarcode: Bool, extra: [String] = []) -> Evidence {
        let v = nhs.validation
        var checks = v.checks + extra
        if repaired { checks.append("ocr-repaired") }
        return Evidence(kind: .nhsNumber, value: nhs.digits, display: nhs.display, valid: v.valid, checks: checks,
                        problem: v.problem, confidence: repaired ? confidence - 0.15 : confidence, itemID: item.id,
                        bounds: item.bounds, fromBarcode: fromBarcode)
    }

    // MARK: Text

    private func fromText(_ text: String, item: RecognizedItem, confidence: Double, fromBarcode: Bool = false) -> [Evidence] {
        var found: [Evidence] = []
        func add(_ kind: Evidence.Kind, _ value: String, _ display: String, checks: [String], conf: Double = confidence) {
            found.append(Evidence(kind: kind, value: value, display: display, valid: true, checks: checks, problem: nil,
                                  confidence: conf, itemID: item.id, bounds: item.bounds, fromBarcode: fromBarcode))
        }
        for match in NHSNumberFinder.find(in: text) {
            found.append(nhsEvidence(match.number, repaired: match.repaired, item: item, confidence: confidence * 0.95,
                                     fromBarcode: fromBarcode))
        }
        for ssn in SocialSecurityNumber.find(in: text) {
            switch ssn {
            case .jersey: add(.jerseySocialSecurity, ssn.value, ssn.display, checks: ["format:JY"])
            case .guernsey: add(.guernseySocialSecurity, ssn.value, ssn.display, checks: ["format:GY"])
            case .nationalInsurance: add(.nationalInsurance, ssn.value, ssn.display, checks: ["format:NINO"])
            }
        }
        for postcode in Postcode.find(in: text) { add(.postcode, postcode.value, postcode.value, checks: ["format:postcode"]) }
        for match in DateFinder.find(in: text) where match.role != .expiryOrIssue {
            guard DateFinder.isPlausibleBirthDate(match.date, today: today) else { continue }
            let labelled = match.role == .dateOfBirth
            add(.dateOfBirth, match.date.iso, match.date.dayMonthYear, checks: labelled ? ["labelled", "plausible"] : ["plausible"],
                conf: labelled ? confidence : confidence * 0.6)
        }
        if let name = NameFinder.find(in: text) { add(.name, name, name, checks: ["labelled"]) }
        return found
    }

    /// Address: the lines just above a postcode line (at most three), plus the postcode line, leaving out lines
    /// that are labelled fields of their own (name, date of birth, numbers).
    private func addresses(in lines: [RecognizedItem]) -> [Evidence] {
        var found: [Evidence] = []
        for (index, line) in lines.enumerated() {
            guard let postcode = Postcode.find(in: line.text).first else { continue }
            var parts: [String] = []
            var k = index - 1
            while k >= 0, parts.count < 3, !Self.isLabelledField(lines[k].text) {
                parts.insert(lines[k].text.trimmingCharacters(in: .whitespaces), at: 0)
                k -= 1
            }
            let own = line.text.replacingOccurrences(of: "Address:", with: "").trimmingCharacters(in: .whitespaces)
            parts.append(own)
            let address = parts.filter { !$0.isEmpty }.joined(separator: ", ")
            guard address.count > postcode.value.count else { continue }
            found.append(Evidence(kind: .address, value: address, display: address, valid: true, checks: ["postcode"],
                                  problem: nil, confidence: line.confidence * 0.8, itemID: line.id, bounds: line.bounds,
                                  fromBarcode: false))
        }
        return found
    }

    static func isLabelledField(_ line: String) -> Bool {
        let lower = line.lowercased()
        return ["name", "dob", "d.o.b", "birth", "nhs", "ssn", "social", "hosp", "gp:", "number", "no:", "expir", "patient"]
            .contains { lower.contains($0) } || !NHSNumberFinder.find(in: line).isEmpty
    }
}

import Foundation
