import Capture
import CardModel
import Decoding
import Foundation
import Imaging
import Recognition
import ScanEngine
import SessionControl
import CardStore

/// `cardscan scan`: barcodes (and, later, card details) from image files and folders.
enum ScanCommand: Command {
    static let readsText = true

    /// Saves the picked card suggestion (numbered as in the text output), else the first valid one, through the one
    /// save path (`CardSaving`): an NHS number in the test range is refused (reported, nothing saved) unless
    /// `noValidate` (saving it is a person's decision), and a card already in the store is not added again.
    /// Returns false when nothing was saved for a reason the job must fail for (said on stderr).
    static func save(_ result: ScanResult, pick: Int?, noValidate: Bool, with saver: CardSaving) -> Bool {
        let offered = result.suggestions.filter { $0.card != nil }
        let chosen: Suggestion?
        if let pick {
            chosen = pick <= offered.count ? offered[pick - 1] : nil
        } else {
            chosen = offered.first { $0.valid }
        }
        guard let chosen else {
            Terminal.err("cardscan: \(result.source): nothing to save" + (pick.map { " (no suggestion \($0))" } ?? " (no valid suggestion)"))
            return false
        }
        do throws(SaveFailure) {
            let (card, created) = try saver.save(chosen, noValidate: noValidate)
            let id = card.id.uuidString.prefix(8).lowercased()
            Terminal.err(created ? "saved \(id) \(card.name) in \(card.category)"
                                 : "already saved: \(id) \(card.name) in \(card.category) (not added again)")
            return true
        } catch {
            switch error {
            case .card(_, let refusal): Terminal.err("cardscan: \(result.source): refused: \(refusal)")
            default: Terminal.err("cardscan: \(error.message)")
            }
            return false
        }
    }

    /// Draws what was read on the image (loaded again: results hold no pixels) and writes it as PNG. Returns false
    /// when it could not (said on stderr).
    static func writeAnnotation(_ result: ScanResult, to target: String, many: Bool, options: ScanOptions) -> Bool {
        let path = many ? (target as NSString).appendingPathComponent(
            ((result.source as NSString).lastPathComponent as NSString).deletingPathExtension + ".annotated.png") : target
        if many { try? FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true) }
        do {
            let image = try ImageLoader(pixelLimit: options.pixelLimit).load(contentsOf: result.source)
            var boxes = result.items.map {
                Annotation(bounds: $0.bounds, label: $0.id + ($0.format.map { " " + $0.rawValue } ?? ""),
                           colour: $0.kind == .barcode ? .barcode : .text)
            }
            boxes += result.suggestions.compactMap { s in s.bounds.map { Annotation(bounds: $0, label: "\(s.id) \(s.type)", colour: .suggestion) } }
            try image.writeAnnotatedPNG(boxes, to: path)
            return true
        } catch {
            Terminal.err("cardscan: \(error)")
            return false
        }
    }

    static let name = "scan"
    static let abstract = "read barcodes and card details from image files or folders; suggest cards"
    static let usage = """
        usage: cardscan scan [--json] [--no-ocr] [--save [--pick N] [--no-validate] [--store PATH]] [--annotate OUT] [--formats LIST] [--region R] [--jobs N] [--max-megapixels N]
                             [--no-retries] [--retry-effort N] [--retry-budget SECONDS] [--in-process] [--photo-timeout SECONDS] PATH...

        Scans every image file given, and every image inside the folders given (recursively; files without an
        image extension are skipped inside folders). One unreadable file never stops the rest: it is reported
        on stderr (text mode) or as an "error" entry (JSON) and the scan goes on.

        options:
          --json                 one JSON object per image per line (JSON Lines), as each finishes; see README
          --formats LIST         comma-separated formats to look for (default: all):
                                 \(BarcodeFormat.allCases.map(\.rawValue).joined(separator: ", "))
                                 loose spellings work too: ean13, qr, datamatrix, code128, itf
          --region R             GB, JE or GG (default: CARDSCAN_REGION, else "region = …" in the config file
                                 ~/.config/cardscan/config, else the system time zone, else GB; a JE or GY
                                 postcode on the card refines all but --region)
          --jobs N               worker threads (default: one per core)
          --max-megapixels N     refuse images whose header declares more pixels (default: 50)
          --no-retries           one pass per image; no retries on scaled, inverted or rotated copies
          --no-ocr               barcodes only: do not read the printed text
          --in-process           decode in this process instead of worker processes (several files are decoded
                                 in workers by default, so a library crashing on one photo costs only that photo)
          --photo-timeout SECONDS  how long a worker may spend on one photo before it is stopped and the photo
                                 reported as decoderCrashed (default: 120)
          --save                 save the chosen suggestion's card to the store (default: the first valid one)
          --pick N               with --save: the suggestion numbered N in the text output instead
          --no-validate          with --save: keep an NHS number in the test range (999 xxx xxxx), which is
                                 refused otherwise (it is never issued to a patient)
          --store PATH           the card store (default: CARDSCAN_STORE, else ~/.local/share/cardscan/cards.db)
          --annotate OUT         write each image as PNG with what was read boxed and labelled (ids and kinds,
                                 never values): OUT is a file for one image, a folder for several
          --retry-effort N       how much retrying one image may do, in units of its first pass (default: 3.7;
                                 about 15 runs every retry step)
          --retry-budget SECONDS wall-clock cap on retries for one image (default: none; --retry-effort
                         bounds the work, so results do not depend on the machine's load)

        exit status: 0 something found; 2 nothing found; 3 some inputs could not be read (the rest were
        scanned); 1 no input could be read; 64 usage error.
        """

    static func run(_ arguments: [String]) -> Int32 {
        let args: ArgumentList
        do {
            args = try ArgumentList(arguments, flagNames: ["--json", "--no-retries", "--no-ocr", "--save", "--in-process", "--no-validate"],
                                    valueNames: ["--formats", "--region", "--jobs", "--max-megapixels", "--retry-effort",
                                                 "--retry-budget", "--annotate", "--pick", "--store", "--photo-timeout"])
        } catch { return Terminal.usageError(error.description, usage: usage) }

        var options = ScanOptions()
        options.traces = Terminal.traces
        do {
            if let formats = try args.barcodeFormats() { options.barcodes.formats = formats }
            if let seconds = try args.photoTimeout() { options.photoTimeout = seconds }
        } catch { return Terminal.usageError(error.description, usage: usage) }
        if let jobs = args.value("--jobs") {
            guard let n = Int(jobs), n >= 1 else { return Terminal.usageError("--jobs needs a whole number ≥ 1", usage: usage) }
            options.jobs = n
        }
        if let mp = args.value("--max-megapixels") {
            guard let n = Double(mp), n > 0 else { return Terminal.usageError("--max-megapixels needs a number > 0", usage: usage) }
            options.pixelLimit = Int(n * 1_000_000)
        }
        if let budget = args.value("--retry-budget") {
            guard let s = Double(budget), s >= 0 else { return Terminal.usageError("--retry-budget needs seconds ≥ 0", usage: usage) }
            options.barcodes.retryBudget = s
        }
        if let effort = args.value("--retry-effort") {
            guard let e = Double(effort), e >= 0 else { return Terminal.usageError("--retry-effort needs a number ≥ 0", usage: usage) }
            options.barcodes.retryEffort = e
        }
        if args.has("--no-retries") { options.barcodes.retries = false }
        if args.has("--no-ocr") { options.readsText = false }
        do {
            options.region = try RegionResolver().resolve(option: args.value("--region"), settings: .current)
        } catch { return Terminal.usageError(error.description, usage: usage) }
        guard !args.positional.isEmpty else { return Terminal.usageError("no PATH given", usage: usage) }

        let files = ImageFileWalker.expand(args.positional)
        guard !files.isEmpty else {
            Terminal.err("cardscan: no image files found in \(args.positional.joined(separator: ", "))")
            return ExitStatus.failure
        }
        var pick: Int?
        if let p = args.value("--pick") {
            guard let n = Int(p), n >= 1 else { return Terminal.usageError("--pick needs a whole number ≥ 1", usage: usage) }
            pick = n
        }
        var saver: CardSaving?
        if args.has("--save") {
            do throws(StoreError) { saver = CardSaving(store: SharedCardStore(try StoreAccess.open(args.value("--store")))) } catch {
                Terminal.err("cardscan: \(error)")
                return ExitStatus.failure
            }
        }
        let printer = ScanPrinter(json: args.has("--json"))
        let annotate = args.value("--annotate")
        var scanned = 0, failed = 0, found = 0, annotationFailed = false, saveFailed = false
        IsolatedScanning.scanFiles(files, options: options, inProcess: args.has("--in-process")) { _, outcome in
            switch outcome {
            case .scanned(let result):
                Terminal.trace(result.traceLine)
                scanned += 1
                if result.foundSomething { found += 1 }
                printer.print(result)
                if let annotate, !Self.writeAnnotation(result, to: annotate, many: files.count > 1, options: options) {
                    annotationFailed = true
                }
                if let saver, !Self.save(result, pick: pick, noValidate: args.has("--no-validate"), with: saver) {
                    saveFailed = true
                }
            case .failed(let path, let error):
                failed += 1
                printer.print(failure: ScanFailure(source: path, code: error.code, message: error.description))
            }
        }
        if scanned == 0 { return ExitStatus.failure }
        if annotationFailed { return ExitStatus.someInputsFailed }
        if saveFailed { return ExitStatus.failure }
        if failed > 0 { return ExitStatus.someInputsFailed }
        return found > 0 ? ExitStatus.success : ExitStatus.nothingFound
    }
}
