import CardModel
import Foundation

/// Prints scan results as text for people or as JSON Lines for front ends (the README documents the fields).
struct ScanPrinter {
    let json: Bool
    private let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }()

    init(json: Bool) { self.json = json }

    func print(_ result: ScanResult) {
        if json { return emit(result) }
        let header = "\(result.source) (\(result.image.width)x\(result.image.height))"
        guard result.foundSomething else { return Terminal.out("\(header): nothing found") }
        Terminal.out("\(header):")
        let cards = result.suggestions.filter { $0.card != nil }
        if !cards.isEmpty {
            let region = result.region.map { " (region \($0.code.rawValue), from \($0.basis.rawValue))" } ?? ""
            Terminal.out("  suggestions\(region):")
            for (index, s) in cards.enumerated() {
                let mark = s.valid ? "✓" : "✗"
                let why = s.valid ? s.checks.joined(separator: ", ") : (s.problem ?? "not valid")
                Terminal.out("  \(index + 1). \(mark) \(s.card!.name): \(s.display)  [\(why); \(Int(s.confidence * 100))%]")
            }
        }
        for item in result.items where item.kind == .barcode {
            let b = item.bounds
            let label = (item.format?.rawValue ?? item.kind.rawValue) + (item.gs1 == true ? " (GS1)" : "")
            Terminal.out("  \(label.padding(toLength: 16, withPad: " ", startingAt: 0)) \(Self.printable(item.text))"
                         + "  at (\(b.minX),\(b.minY))-(\(b.maxX),\(b.maxY))")
        }
    }

    func print(failure: ScanFailure) {
        if json { return emit(failure) }
        Terminal.err("cardscan: \(failure.error.message)")
    }

    private func emit(_ value: some Encodable) {
        guard let data = try? encoder.encode(value) else { return }
        Terminal.out(String(decoding: data, as: UTF8.self))
    }

    /// Control characters (GS separators in GS1 content, for instance) shown visibly in text mode.
    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> String in
            switch scalar.value {
            case 0x1D: return "<GS>"
            case 0..<0x20, 0x7F: return String(format: "\\x%02X", scalar.value)
            default: return String(scalar)
            }
        }.joined())
    }
}

extension ScanResult {
    /// The `--verbose` line for one scanned image: timings and counts, no content.
    var traceLine: String {
        let barcodes = items.filter { $0.kind == .barcode }
        let formats = Set(barcodes.compactMap { $0.format?.rawValue }).sorted().joined(separator: ",")
        func ms(_ value: Double?) -> String { value.map { String(format: "%.0f ms", $0) } ?? "–" }
        return "\(source): load \(ms(timings.loadMs)), barcodes \(ms(timings.barcodeMs)), text \(ms(timings.ocrMs)); "
            + "\(barcodes.count) barcode(s)\(formats.isEmpty ? "" : " [\(formats)]"), \(items.count - barcodes.count) text line(s), "
            + "\(suggestions.count) suggestion(s), \(suggestions.filter(\.valid).count) valid"
    }
}
