import CZint
import CardModel
import Foundation
import Imaging

/// Draws a card's number as a barcode with libzint: Code 128 for IDs, QR for demographic strings and anything
/// Code 128 cannot carry, the card's own code type where it has one.
public enum CodeRenderer {
    public enum Failure: Error, CustomStringConvertible, Sendable {
        case zint(String)
        case write(String)
        public var description: String {
            switch self {
            case .zint(let why): "the code could not be drawn: \(why)"
            case .write(let path): "\(path): could not be written; check the folder exists and is writable"
            }
        }
    }

    /// The zint symbology for a card. Code 128 carries Latin-1 only and becomes unreadably long past ~40
    /// characters; a demographics string ("Name: …, DOB: …") goes in a QR code.
    static func symbology(for card: IDCard) -> (symbology: Int32, data: String) {
        switch card.codeType {
        // zint computes an EAN's check digit itself: a number whose own check digit is wrong (typed by hand with
        // `cards add --no-validate`) would come out as another number, so it is drawn as Code 128, which holds
        // whatever was saved.
        case .ean13:
            let digits = card.number.filter(\.isNumber)
            if digits.count == 13, GS1CheckDigit.holds(in: digits) { return (BARCODE_EANX, String(digits.prefix(12))) }
            return (BARCODE_CODE128, card.number)
        case .ean8:
            let digits = card.number.filter(\.isNumber)
            if digits.count == 8, GS1CheckDigit.holds(in: digits) { return (BARCODE_EANX, String(digits.prefix(7))) }
            return (BARCODE_CODE128, card.number)
        case .qrCode: return (BARCODE_QRCODE, card.number)
        case .pdf417: return (BARCODE_PDF417, card.number)
        case .aztec: return (BARCODE_AZTEC, card.number)
        case .dataMatrix: return (BARCODE_DATAMATRIX, card.number)
        case .code128, .none:
            let fitsCode128 = card.number.count <= 40 && card.number.unicodeScalars.allSatisfy { $0.value < 128 }
                && !card.number.contains(", ")
            return fitsCode128 ? (BARCODE_CODE128, card.number) : (BARCODE_QRCODE, card.number)
        }
    }

    /// The code as an image (black on white, quiet zone included). The corresponding C function is
    /// `ZBarcode_Encode_and_Buffer`.
    public static func image(for card: IDCard, scale: Float = 4) throws(Failure) -> GrayImage {
        let (symbology, data) = symbology(for: card)
        guard let symbol = ZBarcode_Create() else { throw .zint("out of memory") }
        defer { ZBarcode_Delete(symbol) }
        symbol.pointee.symbology = symbology
        symbol.pointee.input_mode = UNICODE_MODE
        symbol.pointee.scale = scale
        symbol.pointee.output_options |= BARCODE_QUIET_ZONES
        symbol.pointee.show_hrt = 0  // the number is printed below by us, in our font
        let bytes = Array(data.utf8)
        let status = bytes.withUnsafeBufferPointer { ZBarcode_Encode_and_Buffer(symbol, $0.baseAddress, Int32($0.count), 0) }
        guard status < ZINT_ERROR, let bitmap = symbol.pointee.bitmap else {
            let message = withUnsafeBytes(of: symbol.pointee.errtxt) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .zint(message)
        }
        let w = Int(symbol.pointee.bitmap_width), h = Int(symbol.pointee.bitmap_height)
        var pixels = [UInt8](repeating: 255, count: w * h)
        for i in 0..<(w * h) {  // RGB triplets; zint draws black on white
            pixels[i] = UInt8((Int(bitmap[i * 3]) + Int(bitmap[i * 3 + 1]) + Int(bitmap[i * 3 + 2])) / 3)
        }
        return try! GrayImage(width: w, height: h, pixels: pixels)
    }

    /// A card picture: name and category above, the code, the number below; white background; PNG.
    public static func writePNG(_ card: IDCard, to path: String) throws(Failure) {
        let code = try image(for: card)
        let width = max(code.width + 80, 640), top = 110, bottom = 90
        var canvas = GrayImage(width: width, height: code.height + top + bottom)
        let x0 = (width - code.width) / 2
        for y in 0..<code.height { for x in 0..<code.width { canvas[x0 + x, top + y] = code[x, y] } }
        let lines = [Label(text: card.name, x: 30, y: 50, size: 20), Label(text: card.category, x: 30, y: 90, size: 14),
                     Label(text: card.number, x: 30, y: top + code.height + 55, size: 20)]
        do { try canvas.writePNG(to: path, labels: lines) } catch { throw .write(path) }
    }

    /// The same card as SVG: zint's own vector output of the code, with the texts around it.
    /// The corresponding C function is `ZBarcode_Encode_and_Print`.
    public static func writeSVG(_ card: IDCard, to path: String) throws(Failure) {
        let (symbology, data) = symbology(for: card)
        guard let symbol = ZBarcode_Create() else { throw .zint("out of memory") }
        defer { ZBarcode_Delete(symbol) }
        // zint writes the SVG to a file; it holds the card's number, so it goes in a private (0700) folder.
        var template = Array((NSTemporaryDirectory() + "cardscan-XXXXXX").utf8CString)
        guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            throw .write(NSTemporaryDirectory())
        }
        let temporary = folder + "/code.svg"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        symbol.pointee.symbology = symbology
        symbol.pointee.input_mode = UNICODE_MODE
        symbol.pointee.scale = 2
        symbol.pointee.output_options |= BARCODE_QUIET_ZONES
        symbol.pointee.show_hrt = 0
        withUnsafeMutableBytes(of: &symbol.pointee.outfile) { buffer in
            let name = Array(temporary.utf8.prefix(255)) + [0]
            buffer.copyBytes(from: name)
        }
        let bytes = Array(data.utf8)
        let status = bytes.withUnsafeBufferPointer { ZBarcode_Encode_and_Print(symbol, $0.baseAddress, Int32($0.count), 0) }
        guard status < ZINT_ERROR, let svg = try? String(contentsOfFile: temporary, encoding: .utf8) else {
            let message = withUnsafeBytes(of: symbol.pointee.errtxt) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw .zint(message)
        }
        // zint's SVG as a nested element, below the name and category, above the number.
        let body = svg.components(separatedBy: "<svg").dropFirst().joined(separator: "<svg")
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        let out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="640" height="520" viewBox="0 0 640 520">
              <rect width="640" height="520" fill="#ffffff"/>
              <text x="24" y="44" font-family="sans-serif" font-size="28">\(escape(card.name))</text>
              <text x="24" y="78" font-family="sans-serif" font-size="18" fill="#555555">\(escape(card.category))</text>
              <svg x="24" y="96" width="592" height="340" preserveAspectRatio="xMidYMid meet"\(body.replacingOccurrences(of: "<?xml", with: ""))
              <text x="24" y="490" font-family="monospace" font-size="26">\(escape(card.number))</text>
            </svg>
            """
        guard FileManager.default.createFile(atPath: path, contents: Data(out.utf8), attributes: [.posixPermissions: 0o600]),
              chmod(path, 0o600) == 0 else { throw .write(path) }
    }

    /// The code in a terminal: two pixel rows per line with Unicode half blocks (dark modules as spaces on a light
    /// background reads best on both dark and light terminals, so light is drawn).
    public static func terminalBlocks(for card: IDCard) throws(Failure) -> String {
        let code = try image(for: card, scale: 1)
        let (symbology, _) = symbology(for: card)
        // Linear codes: one module per column and a short height are enough.
        let rows = symbology == BARCODE_CODE128 || symbology == BARCODE_EANX ? min(code.height, 10) : code.height
        var out = ""
        for y in Swift.stride(from: 0, to: rows, by: 2) {
            for x in 0..<code.width {
                let top = code[x, y] > 127, bottom = y + 1 < rows ? code[x, y + 1] > 127 : true
                out += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " "
            }
            out += "\n"
        }
        return out
    }
}
