import CardModel
import CardStore
import Decoding
import Imaging
import Foundation
import Recognition
import ScanEngine

/// `cardscan wristband IMAGE`: barcode first; the patient ID becomes the default "Jersey Patient ID".
enum WristbandCommand: Command {
    static let name = "wristband"
    static let abstract = "scan a hospital wristband: its barcode becomes the default Jersey Patient ID"
    static let usage = """
        usage: cardscan wristband IMAGE [--store PATH]

        Reads the wristband's barcode (GS1 DataMatrix: the hospital number in AI 91; or a Code 128) and creates or
        updates the card "Jersey Patient ID" in Healthcare, region JE, as the category's default.
        """

    static func run(_ arguments: [String]) -> Int32 {
        do {
            let args = try ArgumentList(arguments, flagNames: [], valueNames: ["--store"])
            guard args.positional.count == 1 else { return Terminal.usageError("wristband needs one IMAGE", usage: usage) }
            var options = ScanOptions()
            options.readsText = false  // barcode first: the band's code is the patient ID
            options.region = RegionResolution(code: .je, basis: .option)
            let result: ScanResult
            do throws(ImageError) { result = try ScanEngine(options: options).scan(file: args.positional[0]) } catch {
                Terminal.err("cardscan: \(error)")
                return ExitStatus.failure
            }
            guard let barcode = result.items.first(where: { $0.kind == .barcode }) else {
                Terminal.err("cardscan: \(result.source): no wristband barcode found; hold the band flat and try again")
                return ExitStatus.nothingFound
            }
            let number = barcode.gs1 == true ? (GS1ElementString(barcode.text)?.value("91") ?? barcode.text) : barcode.text
            let codeType = barcode.format.map(CodeType.init(format:)) ?? .code128
            let store = try StoreAccess.open(args.value("--store"))
            if var existing = try store.cards(category: DefaultCategory.healthcare).first(where: { $0.name == "Jersey Patient ID" }) {
                existing.number = number; existing.isDefault = true; existing.region = .je; existing.codeType = codeType
                try store.update(existing)
                Terminal.out("updated Jersey Patient ID (default in Healthcare)")
            } else {
                try store.add(IDCard(name: "Jersey Patient ID", number: number, category: DefaultCategory.healthcare,
                                     region: .je, isDefault: true, codeType: codeType))
                Terminal.out("saved Jersey Patient ID (default in Healthcare)")
            }
            return ExitStatus.success
        } catch {
            return commandFailed(error, usage: usage)
        }
    }
}
