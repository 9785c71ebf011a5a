import CardModel
import CardStore
import Decoding
import Imaging
import Foundation
import SessionControl
import Recognition
import ScanEngine

/// `cardscan wristband IMAGE`: barcode first; the patient ID becomes the default "Jersey Patient ID".
enum WristbandCommand: Command {
    static let name = "wristband"
    static let abstract = "scan a hospital wristband: its barcode becomes the default Jersey Patient ID"
    static let usage = """
        usage: cardscan wristband IMAGE [--store PATH]

        Reads the wristband's barcode (GS1 DataMatrix: the hospital number in AI 91, else the GSRN in AI 8018; or a
        Code 128 or QR code) and creates or updates the card "Jersey Patient ID" in Healthcare, region JE, as the
        category's default. `camera --wristband --save` follows the same rule.
        """

    static func run(_ arguments: [String]) -> Int32 {
        do {
            let args = try ArgumentList(arguments, flagNames: [], valueNames: ["--store"])
            guard args.positional.count == 1 else { return Terminal.usageError("wristband needs one IMAGE", usage: usage) }
            var options = ScanOptions()
            options.traces = Terminal.traces
            options.readsText = false  // barcode first: the band's code is the patient ID
            options.region = RegionResolution(code: .je, basis: .option)
            let result: ScanResult
            do throws(ImageError) { result = try ScanEngine(options: options).scan(file: args.positional[0]) } catch {
                Terminal.err("cardscan: \(error)")
                return ExitStatus.failure
            }
            // The one wristband rule (`Wristband.patientID`), the same as `camera --wristband` and the suggestions.
            guard let patientID = Wristband.patientID(in: result.items) else {
                Terminal.err("cardscan: \(result.source): no wristband barcode found; hold the band flat and try again")
                return ExitStatus.nothingFound
            }
            let saver = CardSaving(store: SharedCardStore(try StoreAccess.open(args.value("--store"))))
            let created: Bool
            do throws(SaveFailure) { (_, created) = try saver.save(Wristband.card(for: patientID)) } catch {
                Terminal.err("cardscan: \(error.message)")
                return ExitStatus.failure
            }
            Terminal.out(created ? "saved Jersey Patient ID (default in Healthcare)" : "updated Jersey Patient ID (default in Healthcare)")
            return ExitStatus.success
        } catch {
            return commandFailed(error, usage: usage)
        }
    }
}
