import CardModel
import Foundation

/// The one rule for a hospital wristband's patient ID, used by `cardscan wristband`, `camera --wristband` and the
/// suggestions alike.
///
/// - A GS1 code with a GSRN (AI 8018) whose check digit holds is a wristband: its patient ID is the hospital number
///   in AI 91 when present, else the GSRN itself. A GSRN that fails its check gives nothing.
/// - AI 91 (company internal information) without a GSRN is a patient ID only when the reading is known to be of a
///   wristband (`wristbandMode`): on a medicine pack (`01…17…10…␝91…`) it is the maker's own data.
/// - In wristband mode, a code that is not GS1 and not a retail EAN/UPC (a band's Code 128 or QR) is the patient ID;
///   a hospital-number label in front of it (`URN:J020919`) is dropped.
public enum Wristband {
    public struct PatientID: Hashable, Sendable {
        public let value: String
        public let codeType: CodeType
        /// `gs1:91`, `gs1:8018` or `barcode`: what the value was taken from.
        public let source: String
    }

    public static func patientID(in item: RecognizedItem, wristbandMode: Bool) -> PatientID? {
        guard item.kind == .barcode, let format = item.format else { return nil }
        let codeType = CodeType(format: format)
        if item.gs1 == true {
            guard let gs1 = GS1ElementString(item.text), !gs1.hasBadGSRN else { return nil }
            let isBand = gs1.validGSRN != nil || wristbandMode
            guard isBand else { return nil }
            if let ai91 = gs1.value("91"), !ai91.isEmpty { return PatientID(value: ai91, codeType: codeType, source: "gs1:91") }
            if let gsrn = gs1.validGSRN { return PatientID(value: gsrn, codeType: codeType, source: "gs1:8018") }
            return nil
        }
        guard wristbandMode, ![.ean13, .ean8, .upcA, .upcE].contains(format) else { return nil }
        let value = HospitalNumberFinder.strippingLabel(item.text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !value.isEmpty, value.count <= 40 else { return nil }
        return PatientID(value: value, codeType: codeType, source: "barcode")
    }

    /// The first barcode in `items` that gives a patient ID (in wristband mode: the band is what was scanned).
    public static func patientID(in items: [RecognizedItem]) -> PatientID? {
        items.lazy.compactMap { patientID(in: $0, wristbandMode: true) }.first
    }

    /// The card a band's patient ID is saved as: the default "Jersey Patient ID" in Healthcare (saving it again
    /// updates that card; `CardStore.save` does it).
    public static func card(for id: PatientID) -> CardCandidate {
        CardCandidate(name: "Jersey Patient ID", number: id.value, category: DefaultCategory.healthcare, region: .je,
                      isDefault: true, codeType: id.codeType)
    }
}
