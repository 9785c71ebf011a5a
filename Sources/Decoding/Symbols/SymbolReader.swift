import CardModel
import Imaging

/// Our own finding for the 2D formats zxing-cpp detects poorly in photos (small, tilted, curved symbols):
/// locate each candidate symbol, sample its module grid, draw the grid as a clean upright symbol and let zxing's
/// pure path decode that. zxing still does all the decoding (Reed-Solomon, ECC 200, Aztec modes); we replace only
/// its detectors.
struct SymbolReader {
    let zxing: ZXingReader
    var trace = SymbolTrace.off

    /// Every Data Matrix and Aztec symbol found in `image`, in `image`'s pixels. When there is none, the small
    /// square areas a symbol would make are looked at closer for any of `closerFormats` (`readingCloser`).
    func read(_ image: GrayImage, formats: Set<BarcodeFormat>, closerFormats: Set<BarcodeFormat> = []) -> [Barcode] {
        var found: [Barcode] = []
        var clock = SymbolTrace.Clock(trace)
        let binary = Self.binarized(image)
        clock.lap("binarised")
        trace.dump(binary, "binary")
        let areas = formats.contains(.dataMatrix) || !closerFormats.isEmpty ? symbolAreas(image, binary: binary) : []
        clock.lap("dark areas")
        if formats.contains(.dataMatrix) {
            found += readDataMatrix(image, areas: areas[...])
            clock.lap("data matrix")
            // Printed light on a dark card (a red or black loyalty card, its symbol in white): the dark-area step
            // outlines the card's colour between the light modules, and the locator finds no dark L there. The
            // photo's negative has the symbol dark at the same place, so the same outlines are tried on it. (Its own
            // dark-area search read two more of our photos' symbols, seeds 1 and 2, at five times the cost: about
            // 30 ms against 6 on a photo without a code.)
            // Only outlines lying on ground darker than themselves are tried so: dark print on paper has a light
            // quiet zone, a patch of desk texture is darker than what surrounds it (the step cost ~9 ms on a
            // codeless photo for every outline; now about one in ten is tried).
            let onDarkGround = found.isEmpty ? areas.prefix(Self.dataMatrixOutlines).filter { Self.liesOnDarkerGround(image, $0.quad) } : []
            if !onDarkGround.isEmpty {
                let negative = image.inverted()
                found += readDataMatrix(negative, areas: onDarkGround[...])
                clock.lap("data matrix, light on dark")
            }
        }
        if formats.contains(.aztec) {
            found += readAztec(image, binary: binary)
            clock.lap("aztec")
        }
        if found.isEmpty, closerFormats.contains(.qrCode) {
            found = readQR(image, binary: binary)
            clock.lap("qr")
        }
        if found.isEmpty, !closerFormats.isEmpty {
            found = readingCloser(image, areas: areas, formats: closerFormats)
            clock.lap("closer look")
        }
        return found
    }

    /// A QR code in `image` found by our finder-pattern locator alone (no Data Matrix, Aztec or closer look): what
    /// the light-on-dark retry reads QR with instead of zxing's detector (`RetryAttempt.qrByOurLocator`).
    func readQR(_ image: GrayImage) -> [Barcode] {
        readQR(image, binary: Self.binarized(image))
    }

    /// A QR code found by its finder patterns (`QRLocator`) and decoded from its sampled grid; at most
    /// `qrDecodes` grids are tried (a photo of a checkerboard or a page of print offers many triples of chance finders).
    private func readQR(_ image: GrayImage, binary: GrayImage) -> [Barcode] {
        let finders = QRLocator.finders(in: binary)
        trace.note("\(finders.count) QR finder(s) \(finders.prefix(QRLocator.findersCombined).map { "\($0.centre.x.rounded()),\($0.centre.y.rounded()) module \(($0.module * 10).rounded() / 10) x\($0.hits)" })")
        var tried = 0
        // A code gives one or two grids (`ModuleThreshold`): half as many codes are located as grids decoded.
        for code in QRLocator.locate(in: image, finders: finders, atMost: Self.qrDecodes / 2) {
            for grid in code.grids {
                guard tried < Self.qrDecodes else { return [] }
                tried += 1
                if let barcode = decode(grid, format: .qrCode, corners: code.corners) { return [barcode] }
            }
        }
        return []
    }

    /// The local threshold every step here reads (a 31 px window, 6 grey levels under its mean: flat texture stays
    /// light).
    static func binarized(_ image: GrayImage) -> GrayImage { image.binarized(window: 31, offset: 6) }

    /// At most this many QR grids are decoded per image.
    static let qrDecodes = 24

    /// A 2D code a couple of pixels a module (a QR code on a card in a webcam frame) is found by zxing's
    /// detectors but sampled wrong: the same code cut out with a quiet zone and enlarged to about
    /// `closerSide` pixels reads. Only areas shaped like a symbol (`symbolAreas`) and small enough to need it.
    private func readingCloser(_ image: GrayImage, areas: [(quad: [PointF], score: Double)],
                               formats: Set<BarcodeFormat>) -> [Barcode] {
        for area in areas.prefix(Self.closerLooks) {
            let xs = area.quad.map(\.x), ys = area.quad.map(\.y)
            let side = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
            guard side >= 16, side <= Self.closerSide * 2 / 3 else { continue }
            let bounds = Quad(x: Int(xs.min()!), y: Int(ys.min()!), width: Int(xs.max()! - xs.min()!), height: Int(ys.max()! - ys.min()!))
            let around = ImageVariant.region(around: bounds, in: image, dx: Int(side * 0.4), dy: Int(side * 0.4))
            let closer = around.then(ImageVariant.scaled(around.image, by: min(4, Self.closerSide / side)))
            let found = zxing.read(closer.image, pass: .init(formats: formats, maxSymbols: 1))
            trace.note("closer look at \(bounds.minX),\(bounds.minY) \(Int(side)) px: \(found.isEmpty ? "nothing" : "read")")
            if !found.isEmpty { return found.map(closer.mapToSource) }
        }
        return []
    }

    /// Side, in pixels, a closer look enlarges a small area to.
    static let closerSide = 240.0
    /// At most this many areas are looked at closer, most symbol-like first. (Four cost 255 ms over seeds 1-3's 36
    /// codeless photos, two 117 ms; the codes the closer look reads on seeds 1-4 and the card sets came from the
    /// first two.)
    static let closerLooks = 2

    private func readAztec(_ image: GrayImage, binary: GrayImage) -> [Barcode] {
        var found: [Barcode] = []
        let centres = AztecBullseye.find(in: binary)
        trace.note("\(centres.count) bullseye(s) \(centres.map { "\($0.point) module \($0.module)" })")
        for centre in centres.prefix(8) {
            guard let symbol = AztecLocator.locate(in: image, binary: binary, centre: centre, trace: trace) else { continue }
            var barcode: Barcode?
            if let rune = symbol.rune {
                // A rune is one byte, shown as its three-digit decimal value (as zxing-cpp 2 and later report it).
                let text = String(rune / 100) + String(rune / 10 % 10) + String(rune % 10)
                barcode = Barcode(format: .aztec, text: text, bounds: Self.quad(symbol.corners))
            } else {
                barcode = symbol.grids.lazy.compactMap { $0() }
                    .compactMap { self.decode($0.modules, format: .aztec, corners: $0.corners) }.first
            }
            if let barcode, !found.contains(where: { $0.text == barcode.text }) { found.append(barcode) }
        }
        return found
    }

    /// Area of a polygon (shoelace formula).
    static func area(_ polygon: [PointF]) -> Double {
        var twice = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            twice += a.x * b.y - b.x * a.y
        }
        return abs(twice) / 2
    }

    static func quad(_ corners: [PointF]) -> Quad {
        Quad(corners.map { Point(x: Int($0.x.rounded()), y: Int($0.y.rounded())) })
    }

    /// Dark areas shaped like a 2D symbol, most symbol-like first: each outlined by a quadrilateral.
    private func symbolAreas(_ image: GrayImage, binary: GrayImage) -> [(quad: [PointF], score: Double)] {
        let shortSide = min(image.width, image.height)
        // Square-ish and mostly dark once grown: a symbol, not a line of text or a bar.
        let (blobs, small) = DarkBlobs.find(in: binary, minSide: 14, maxSide: shortSide * 9 / 10) { width, height, count in
            Double(max(width, height)) / Double(min(width, height)) <= 3.5 && count * 10 >= width * height * 3
        }
        let candidates = blobs
            .compactMap { blob -> (quad: [PointF], score: Double)? in
                // A symbol fills its hull, and its hull is close to a quadrilateral; photo texture does neither.
                let hullArea = Self.area(blob.hull)
                guard hullArea > 0, Double(blob.pixelCount) >= 0.5 * hullArea else {
                    trace.note("area at \(blob.minX),\(blob.minY) \(blob.width)x\(blob.height): fill \(Int(Double(blob.pixelCount) / max(hullArea, 1) * 100))%")
                    return nil
                }
                // Joined with its stray modules only once it passes (the join looks at every small area).
                let joined = DarkBlobs.joiningNeighbours(blob, small)
                trace.note("area at \(blob.minX),\(blob.minY) \(blob.width)x\(blob.height): fill \(Int(Double(blob.pixelCount) / hullArea * 100))%, quad \(QuadFit.corners(of: joined.hull).map { Int(Self.area($0) / Self.area(joined.hull) * 100) } ?? -1)%")
                guard let quad = QuadFit.corners(of: joined.hull), Self.area(quad) >= 0.75 * Self.area(joined.hull) else {
                    return nil
                }
                // Most symbol-like first: solid, quadrilateral, and large (photo texture makes many small areas).
                let shape = Double(blob.pixelCount) / hullArea * Self.area(quad) / Self.area(joined.hull)
                return (quad, shape * Double(blob.pixelCount).squareRoot())
            }
            .sorted { $0.score > $1.score }
        trace.note("\(candidates.count) dark area(s) shaped like a symbol")
        return candidates
    }

    /// Whether the ground just outside an outline (a band a sixth of its side wide) is darker than the outline's
    /// inside: a symbol printed light on a dark card, whose quiet zone is the card's colour.
    static func liesOnDarkerGround(_ image: GrayImage, _ quad: [PointF]) -> Bool {
        let unit = [PointF(x: 0, y: 0), PointF(x: 1, y: 0), PointF(x: 1, y: 1), PointF(x: 0, y: 1)]
        guard let toImage = Homography(from: unit, to: quad) else { return false }
        func mean(_ points: [PointF]) -> Double? {
            let values = points.map { image.sample(toImage.map($0), outside: -1) }.filter { $0 >= 0 }
            return values.count * 2 >= points.count ? values.reduce(0, +) / Double(values.count) : nil
        }
        let steps = (0..<12).map { (Double($0) + 0.5) / 12 }
        let inside = steps.flatMap { u in steps.map { v in PointF(x: u, y: v) } }
        let band = [-1.0 / 6, 7.0 / 6]
        let ground = steps.flatMap { t in band.flatMap { d in [PointF(x: t, y: d), PointF(x: d, y: t)] } }
        guard let insideMean = mean(inside), let groundMean = mean(ground) else { return false }
        return groundMean < insideMean
    }

    /// At most this many outlines, most symbol-like first, are searched for a Data Matrix. Every symbol decoded on
    /// our photos came from the first or second outline (32 decodes: seeds 1-3 and both card sets, one to two
    /// symbols a photo), while a textured codeless photo offers 80-100 outlines and each costs a view: 16 outlines
    /// made the Data Matrix search a quarter of the symbol step there (seeds 1-3's 36 codeless photos, 451 of
    /// 2022 ms; 6 outlines: 237 ms, the same codes read on seeds 1-4 and the card sets). Six leaves room for a
    /// symbol ranked behind a few symbol-like patches (a logo, a photo on the card).
    static let dataMatrixOutlines = 6

    private func readDataMatrix(_ image: GrayImage, areas: ArraySlice<(quad: [PointF], score: Double)>) -> [Barcode] {
        var found: [Barcode] = []
        for candidate in areas.prefix(Self.dataMatrixOutlines) {
            guard let symbol = DataMatrixLocator.locate(in: image, outline: candidate.quad, trace: trace) else { continue }
            guard let barcode = symbol.grids.lazy.compactMap({ decode($0, format: .dataMatrix, corners: symbol.corners) }).first
            else { continue }
            if !found.contains(where: { $0.text == barcode.text }) { found.append(barcode) }
        }
        return found
    }

    /// zxing's pure path on the drawn grid; a mirrored print reads as the transposed grid.
    private func decode(_ grid: ModuleGrid, format: BarcodeFormat, corners: [PointF]) -> Barcode? {
        let pass = ZXingReader.Pass(formats: [format], tryHarder: false, tryRotate: false, tryDownscale: false,
                                    isPure: true, maxSymbols: 1)
        let image = grid.rendered()
        trace.dump(image, "\(format.rawValue)-\(grid.columns)x\(grid.rows)")
        guard var barcode = zxing.read(image, pass: pass).first else {
            trace.note("\(format.rawValue) \(grid.columns)x\(grid.rows) grid: zxing pure path found nothing")
            return nil
        }
        barcode.bounds = Self.quad(corners)
        return barcode
    }
}
