import CardModel
import CardStore
import Decoding
import Foundation
import Imaging
import Recognition

/// What each fuzz target feeds hostile bytes to. Every target must return normally for every input: a crash, a
/// sanitizer report, a leak or a hang is a bug (fixed, and the input kept in Tests/Fuzz/<target>/corpus).
enum FuzzTarget: String, CaseIterable {
    case image, exif, barcodes, recognition, sessionCommand = "session-command", cardsJSON = "cards-json"

    func run(_ bytes: [UInt8]) {
        switch self {
        case .image:
            // Loading with the pixel limit in force (small here, so one input cannot take seconds).
            if let image = try? ImageLoader(pixelLimit: 4_000_000).decode(bytes, name: "fuzz") {
                precondition(image.pixels.count >= image.height * image.stride, "a loaded image covers its pixels")
            }
        case .exif:
            _ = ExifOrientation(jpeg: bytes)
        case .barcodes:
            // The first byte chooses the width (8…263), the rest are the pixels: zbar and zxing on whatever
            // that draws.
            guard bytes.count > 1 else { return }
            let width = 8 + Int(bytes[0])
            let pixels = Array(bytes.dropFirst(1))
            guard pixels.count >= width * 8 else { return }
            let height = pixels.count / width
            guard let image = try? GrayImage(width: width, height: height, pixels: Array(pixels.prefix(width * height))) else { return }
            var options = BarcodeOptions()
            options.retryEffort = 2  // retries included, kept short
            for barcode in FuzzState.barcodeReader(options).read(image) {
                precondition(barcode.bounds.points.count == 4)
            }
        case .recognition:
            // Text lines as OCR would give them, and the same text as barcode payloads of a few formats.
            let text = String(decoding: bytes, as: UTF8.self)
            let region: Region = [.gb, .je, .gg][Int(bytes.first ?? 0) % 3]
            var items = text.split(separator: "\n", omittingEmptySubsequences: true).prefix(40).enumerated().map { index, line in
                RecognizedItem(id: "t\(index + 1)", kind: .text, text: String(line), bounds: Quad(x: 10, y: 30 * index, width: 300, height: 24), confidence: 0.9)
            }
            let formats: [BarcodeFormat] = [.code128, .dataMatrix, .qrCode, .ean13]
            items.append(RecognizedItem(id: "b1", kind: .barcode, format: formats[Int(bytes.last ?? 0) % formats.count], text: text,
                                        gs1: text.contains("\u{1D}") ? true : nil, bounds: Quad(x: 0, y: 0, width: 100, height: 40), confidence: 1))
            let built = SuggestionBuilder(today: SimpleDate(year: 2026, month: 11, day: 22)!, givenNames: GivenNames.installed(in: ProcessSettings.current.listsFolder))
                .build(items: items, region: RegionResolution(code: region, basis: .option))
            for suggestion in built.suggestions where suggestion.valid {
                precondition(!suggestion.value.isEmpty, "a valid \(suggestion.type) suggestion has a value (from \(suggestion.from))")
            }
            _ = GS1ElementString(text)
            _ = NHSNumber.invalidity(of: text)
        case .sessionCommand:
            _ = SessionRequest.parse(String(decoding: bytes, as: UTF8.self))
        case .cardsJSON:
            guard let cards = try? CardExport.decode(Data(bytes)) else { return }
            // What decodes must also store and come back (hostile strings into SQLite bindings).
            _ = try? FuzzState.store.importCards(cards)
        }
    }
}

/// Objects made once per process: C decoders and a scratch store.
enum FuzzState {
    nonisolated(unsafe) private static var reader: BarcodeReader?
    static func barcodeReader(_ options: BarcodeOptions) -> BarcodeReader {
        if let reader { return reader }
        let made = BarcodeReader(options: options)
        reader = made
        return made
    }

    nonisolated(unsafe) static let store: CardStore = {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-fuzz-\(getpid()).db")
        try? FileManager.default.removeItem(atPath: path)
        return try! CardStore(path: path)
    }()
}
