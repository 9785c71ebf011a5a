import CZBar
import CardModel
import Imaging

/// zbar's image scanner for still images.
///
/// A fresh `zbar_image_scanner_t` for every image: a scanner carries decoder state from one image to the next
/// (measured: the same image scanned first by a new scanner and then again gave different bounds, and on
/// ean13-1/20.webp a used scanner produced a wrong EAN-13 that a fresh one never does), which made results depend
/// on which images a thread had seen before. Creating and configuring one costs about 4 µs.
struct ZBarScanner: Sendable {
    let formats: Set<BarcodeFormat>
    /// Scan every n-th row and column (zbar's X/Y density). zbar's cost is mostly this sweep, whatever the
    /// formats: every second line halved the first pass over the corpus (1066 → 614 ms) and, with retries,
    /// found as many codes (a retry at 1 never found one more; small images are retried upscaled instead).
    let lineSpacing: Int
    /// Scan lines a linear code must be decoded on (zbar's symbol quality) to count. A linear code decoded on one
    /// scan line only is how noise becomes a false read (seen: DataBar "found" in photos with no barcode, on a
    /// single point). Real codes are crossed by several lines.
    static let minimumLinesForLinearCodes: Int32 = 2

    /// - Parameter formats: the formats to report; zbar's others are switched off (fewer false reads, faster),
    /// except the rest of the retail family (`retail`).
    init(formats: Set<BarcodeFormat>, lineSpacing: Int = 2) {
        self.formats = formats
        self.lineSpacing = lineSpacing
    }

    /// EAN-13, UPC-A, UPC-E and EAN-8 share zbar's decoder: asked for one, it is given all four and reports only
    /// what was asked. With EAN-13 alone enabled, zbar reported a soft EAN-13's half, which it reads as a UPC-E with
    /// every format on (and `QuietZone` then refuses), as the EAN-13 `0009200003170` (own photos, seed 1
    /// ean13-1/04, printed 7141891955390, `--formats EAN-13`).
    static let retail: Set<BarcodeFormat> = [.ean13, .upcA, .upcE, .ean8]

    /// A UPC-A where EAN-13 was asked and UPC-A was not is given as the EAN-13 it also is, as zbar gave it when
    /// UPC-A was off (the text is GTIN-13 either way: `GTIN.canonicalText`).
    private func asAsked(_ barcode: Barcode) -> Barcode {
        guard barcode.format == .upcA, !formats.contains(.upcA), formats.contains(.ean13) else { return barcode }
        var ean = barcode
        ean.format = .ean13
        return ean
    }

    /// The formats zbar decodes: the asked ones, and the whole retail family when any of it is asked.
    private var scanned: Set<BarcodeFormat> {
        formats.isDisjoint(with: Self.retail) ? formats : formats.union(Self.retail)
    }

    /// A configured scanner; the caller destroys it.
    private func makeScanner() -> OpaquePointer {
        let scanner = zbar_image_scanner_create()!
        func set(_ symbology: zbar_symbol_type_t, _ config: zbar_config_t, _ value: Int32) {
            // Non-zero means this zbar build lacks the setting; Debian 0.23.92 has them all (its PDF417 is the one
            // symbology missing, and PDF417 is never asked of zbar: FormatTable gives it to zxing).
            _ = zbar_image_scanner_set_config(scanner, symbology, config, value)
        }
        set(ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        for row in FormatTable.rows where scanned.contains(row.format) {
            if let symbol = row.zbarSymbol { set(zbar_symbol_type_t(symbol), ZBAR_CFG_ENABLE, 1) }
        }
        // zbar's own test-inverted (off by default) rescans every image that gave nothing, which cost 35% of the
        // first pass over the corpus (1401 → 891 ms); BarcodeReader's retry on an inverted copy does the same work
        // only after both readers and zxing's second opinion found nothing.
        // zbar drops ITF shorter than 6 digits by default; 4-digit ITF exists (cartons, wristband suffixes).
        set(ZBAR_I25, ZBAR_CFG_MIN_LEN, 4)
        // Give QR bytes as they are, so the character set is decided by QRText rather than guessed by zbar.
        set(ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        set(ZBAR_NONE, ZBAR_CFG_X_DENSITY, Int32(lineSpacing))
        set(ZBAR_NONE, ZBAR_CFG_Y_DENSITY, Int32(lineSpacing))
        return scanner
    }

    /// Scans one image. The corresponding C function is `zbar_scan_image`.
    func scan(_ image: GrayImage) -> [Barcode] { scanned(image).found }

    /// Where a linear code was read on one scan line: the point zbar gives, and whether that line ran along the
    /// image's rows (bars upright) or its columns; nil when zbar cannot say.
    struct Glimpse: Equatable {
        let at: Quad
        let readAlongRows: Bool?
    }

    /// Scans one image: the codes read, and where a linear code was read on one scan line only (`glimpsed`). A
    /// one-line read is not taken as a code (that is how noise becomes a false read), but a real code at the
    /// edge of resolution (1 px per module in a 640x480 webcam frame) is often read that way too: where it was
    /// glimpsed is where `BarcodeReader` looks again, closer.
    func scanned(_ image: GrayImage) -> (found: [Barcode], glimpsed: [Glimpse]) {
        let packed = image.packedPixels  // zbar's Y800 has no stride
        let scanner = makeScanner()
        defer { zbar_image_scanner_destroy(scanner) }
        guard let zimage = zbar_image_create() else { return ([], []) }
        defer { zbar_image_destroy(zimage) }
        zbar_image_set_format(zimage, 0x3030_3859)  // fourcc "Y800"
        zbar_image_set_size(zimage, UInt32(image.width), UInt32(image.height))
        return packed.withUnsafeBufferPointer { buffer -> ([Barcode], [Glimpse]) in
            // No cleanup handler: the buffer belongs to Swift and outlives the scan (zbar.h, zbar_image_set_data).
            zbar_image_set_data(zimage, buffer.baseAddress, UInt(buffer.count), nil)
            guard zbar_scan_image(scanner, zimage) > 0 else { return ([], []) }
            var found: [Barcode] = [], glimpsed: [Glimpse] = []
            var symbol = zbar_image_first_symbol(zimage)
            while let s = symbol {
                if let barcode = Self.barcode(from: s).map(asAsked), formats.contains(barcode.format) {
                    let orientation = zbar_symbol_get_orientation(s)
                    let alongRows: Bool? = orientation == ZBAR_ORIENT_UNKNOWN ? nil
                        : orientation == ZBAR_ORIENT_UP || orientation == ZBAR_ORIENT_DOWN
                    if barcode.format.isLinear && zbar_symbol_get_quality(s) < Self.minimumLinesForLinearCodes {
                        glimpsed.append(Glimpse(at: barcode.bounds, readAlongRows: alongRows))
                    } else if QuietZone.checked.contains(barcode.format), let alongRows,
                              QuietZone.barsBeyondEnds(of: barcode.format, scanPoints: Self.points(of: s), alongRows: alongRows, in: image) {
                        // A piece of a longer code: not a code of its own (and not a glimpse to look at again).
                    } else {
                        found.append(barcode)
                    }
                }
                symbol = zbar_symbol_next(s)
            }
            return (found, glimpsed)
        }
    }

    /// Where zbar read the symbol: for a linear code, where each scan line's read ended; for QR, its corners.
    private static func points(of s: OpaquePointer) -> [Point] {
        (0..<zbar_symbol_get_loc_size(s)).map { Point(x: Int(zbar_symbol_get_loc_x(s, $0)), y: Int(zbar_symbol_get_loc_y(s, $0))) }
    }

    private static func barcode(from s: OpaquePointer) -> Barcode? {
        guard let format = FormatTable.format(zbarSymbol: zbar_symbol_get_type(s).rawValue),
              let data = zbar_symbol_get_data(s) else { return nil }
        let length = Int(zbar_symbol_get_data_length(s))
        let bytes = data.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }

        let points = Self.points(of: s)
        let bounds: Quad
        if format == .qrCode, points.count == 4 {
            var corners = Quad(points)  // zbar gives QR corners as TL, BL, BR, TR
            corners.points.swapAt(1, 3)
            bounds = corners
        } else {
            guard let enclosing = Quad(enclosing: points) else { return nil }
            bounds = enclosing
        }
        let isGS1 = format == .dataBar || format == .dataBarExpanded
            || (zbar_symbol_get_modifiers(s) & (1 << ZBAR_MOD_GS1.rawValue)) != 0

        if format == .qrCode {
            let (text, charset) = QRText.decode(bytes)
            return Barcode(format: format, text: text, bytes: charset == .utf8 ? nil : bytes, isGS1: isGS1, bounds: bounds)
        }
        let text = String(validating: bytes, as: UTF8.self)
        return Barcode(format: format, text: GTIN.canonicalText(text ?? String(decoding: bytes, as: UTF8.self), format: format),
                       bytes: text == nil ? bytes : nil, isGS1: isGS1, bounds: bounds)
    }
}
