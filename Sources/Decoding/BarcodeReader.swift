import CardModel
import Foundation
import Imaging

/// The one entry point for barcodes: `read(image)` runs zbar and zxing-cpp and, when that finds nothing, asks
/// zxing for a second opinion on zbar's formats and then retries on transformed copies of the image until
/// something is found or the budget runs out.
///
/// One reader per thread (it owns a zbar scanner); make several for parallel work.
public final class BarcodeReader {
    public let options: BarcodeOptions
    private let zbar: ZBarScanner?
    private let zxing = ZXingReader()
    /// Formats only zxing reads (Data Matrix, PDF417, Aztec) that were asked for.
    private let matrixOnly: Set<BarcodeFormat>
    /// Formats zbar reads that were asked for; zxing reads them too, as a second opinion.
    private let zbarFormats: Set<BarcodeFormat>

    public init(options: BarcodeOptions = BarcodeOptions()) {
        self.options = options
        matrixOnly = options.formats.intersection(FormatTable.zxingOnly)
        zbarFormats = options.formats.subtracting(FormatTable.zxingOnly)
        zbar = zbarFormats.isEmpty ? nil : ZBarScanner(formats: zbarFormats)
    }

    public func read(_ image: GrayImage) -> [Barcode] {
        // Large photos are read at a working size (zbar's time grows with every noisy edge; a 2 MP card photo
        // took 190 ms for the first pass and 280 ms for one full-density retry), then mapped back. A code on a
        // photo that large spans hundreds of pixels and survives the reduction; if nothing is found there,
        // zxing still gets one look at full size, and then zbar (`fullSizeSweep`).
        guard image.pixelCount > options.maxWorkingPixels else { return readWithRetries(image).map(Code32.interpreting) }
        let work = ImageVariant.scaled(image, by: (Double(options.maxWorkingPixels) / Double(image.pixelCount)).squareRoot())
        let found = readWithRetries(work.image).map(work.mapToSource)
        if !found.isEmpty || !options.retries { return found.map(Code32.interpreting) }
        let attemptStart = Date()
        let fullSize = zxing.read(image, pass: .init(formats: options.formats, tryHarder: false, maxSymbols: 1))
        trace("full-size", since: attemptStart, found: fullSize)
        if !fullSize.isEmpty { return fullSize.map(Code32.interpreting) }
        return fullSizeSweep(image).map(Code32.interpreting)
    }

    /// zbar over a large photo at its own size, on every scan line, with a one-line read looked at closer: the
    /// last look at a photo whose working-size copy read nothing. A short linear code with modules about a pixel
    /// wide, turned so that only a few rows cross it whole, is lost at the working size (its bars merge) and to
    /// zxing (its rows need more of the code); zbar on every line reads it on those few rows. cards-dev2 0099, a
    /// letter on a 1080x1920 photo: a Code 128 45 px tall turned 16°, read on 2 rows of the photo by zbarimg and by
    /// nothing else before this (`FullSizeSweepTests`). About 37 ms on a 1080x1920 photo, paid only by a large
    /// photo that nothing read; not charged to the retry budget, which the working-size copy spent.
    private func fullSizeSweep(_ image: GrayImage) -> [Barcode] {
        guard let zbar else { return [] }
        let start = Date()
        let linear = ZBarScanner(formats: zbar.formats, lineSpacing: Self.fullSizeLineSpacing).scanned(image)
        var found = combined(restoringExtendedCode128(linear.found, in: image), [], in: image)
        if found.isEmpty { found = lookingCloser(at: linear.glimpsed, in: image) }
        trace("full-size-zbar", since: start, found: found)
        return found
    }

    /// zbar's scan-line spacing for the full-size sweep: every line. Every second line missed cards-dev2 0099's
    /// code, which crosses two rows whole.
    static let fullSizeLineSpacing = 1

    private func readWithRetries(_ photo: GrayImage) -> [Barcode] {
        // A noisy photo (a webcam in dim light) is read with its noise smoothed off: zbar's edge detector and
        // zxing's binarizer break a code's bars and modules on the noise. Clean photos are read as they are (the
        // blur costs contrast on modules a pixel or two wide), and our symbol locator always reads the photo
        // (below). Geometry is unchanged, so bounds need no mapping. Small images are crops and renders, where a
        // pixel is a module, not a sensor's sample.
        let noisy = min(photo.width, photo.height) >= Self.noiseMeasuredFrom && photo.noiseLevel() >= Self.noisyAbove
        let image = noisy ? photo.smoothed() : photo
        // Pass 1: each format by the reader that does it best.
        let (zbar, zxing, matrixOnly) = (zbar, zxing, matrixOnly)
        let firstStart = Date()
        // zxing does not look at the negative here (its tryInvert): that read one more code on each of our generated
        // seeds 1 and 2, but cost every photo without a 2D code a second look (the public corpus: 0.73x zbarimg's
        // time without, 0.85x with). Light-on-dark codes are the inverted retry's.
        let readLinear = { zbar?.scanned(image) ?? (found: [], glimpsed: []) }
        let readMatrix = { zxing.read(image, pass: .init(formats: matrixOnly)) }
        let (linear, matrix) = options.firstPassOnTwoThreads && zbar != nil && !matrixOnly.isEmpty
            ? bothAtOnce(readLinear, readMatrix) : (readLinear(), readMatrix())
        let first = combined(restoringExtendedCode128(linear.found, in: image), matrix, in: image)
        trace("first-pass", since: firstStart, found: first)
        if !first.isEmpty { return first }
        // Part of the first pass, retries or not: a live frame's next frame is no retry for a code at the edge of
        // resolution, it shows the same pixels.
        let closer = lookingCloser(at: linear.glimpsed, in: image)
        if !closer.isEmpty || !options.retries { return closer }
        let deadline = options.retryBudget.map { Date().addingTimeInterval($0) } ?? .distantFuture
        // Work is counted in pixels processed: a step costing 1.0 is one first pass over this image. Small images
        // are budgeted as if they had `retryMinimumPixels`: their passes are so quick that every step is worth it.
        let pixels = Double(image.pixelCount)
        var effortLeft = options.retryEffort * max(pixels, Double(options.retryMinimumPixels))
        func canAfford(_ cost: Double) -> Bool {
            guard cost * pixels <= effortLeft, Date() < deadline else { return false }
            effortLeft -= cost * pixels
            return true
        }

        // Pass 2: zxing on zbar's formats. The two fail on different images (zbar's scan lines vs zxing's
        // row decoding).
        var attemptStart = Date()
        _ = canAfford(0.35)  // always taken: the cheapest step, and the one that recovers most
        // Every symbol asked for, not one: asked for one, zxing-cpp 3.1.1 read nothing on a Code 39 turned 90° that
        // it reads when asked for all (`Tests/Fixtures/linear/turned-code39.jpg`, own seed 3 code39-1/08); its
        // time on the generated seeds is the same.
        let second = WholeITF.completing(zxingChecked(image, pass: .init(formats: zbarFormats, maxSymbols: 0)), in: image, zxing: zxing)
        trace("zxing-second-opinion", since: attemptStart, found: second)
        if !second.isEmpty { return second }

        // Pass 2a: zbar on the photo as it is, where the first pass read it smoothed. The noise measure cannot
        // tell a sensor's noise from a textured background's grain, and smoothing a sharp photo on a patterned
        // cloth softened an EAN-13's narrow bars until zbar read nothing there (own seed 1 ean13-1/04, which
        // zbarimg reads). Every fourth line only (zbarimg reads that EAN-13 on every sixth): a code the
        // smoothing hid is sharp, and the sweep then costs a photo a quarter of the first pass's zbar. Not charged:
        // charged, it would leave the straightening (below) too little on a noisy photo. It keeps to the
        // deadline, though: a live frame from a webcam in dim light measures noisy too, and its retries are timed.
        if noisy, let zbar, Date() < deadline {
            attemptStart = Date()
            let sparse = ZBarScanner(formats: zbar.formats, lineSpacing: Self.unsmoothedLineSpacing)
            let found = combined(restoringExtendedCode128(sparse.scan(photo), in: photo), [], in: photo)
            trace("unsmoothed", since: attemptStart, found: found)
            if !found.isEmpty { return found }
        }

        // Pass 2b: Data Matrix and Aztec located by us and decoded from their sampled grids (zxing's own
        // detectors lose small, tilted and curved symbols that its decoders read once drawn upright).
        // With none found, the small square areas they would make are looked at closer for every 2D format.
        let symbolFormats = matrixOnly.intersection([.dataMatrix, .aztec])
        let closerFormats = options.formats.intersection([.qrCode, .dataMatrix, .aztec, .pdf417])
        // Cost 1.3: measured (CARDSCAN_TRACE_RETRIES, first pass traced too) over the corpus's codeless photos and
        // card photos, 1.28 first passes on average. Session 20's looks for a Data Matrix printed light on dark and
        // for QR finder patterns add about 13 ms where no symbol is found (the step's time over seeds 1 and 2's 24
        // codeless photos, twice each: 2.5 -> 3.1 s) and are not charged: charged, they would leave too little for the
        // straightening after the step (1.8), which read 31 codes on seeds 1-3 that nothing earlier read.
        if !symbolFormats.isEmpty || !closerFormats.isEmpty, canAfford(1.3) {
            attemptStart = Date()
            // On the photo as it is, even a noisy one: the locator averages several samples a module itself, and
            // smoothing first lost Data Matrix two pixels a module (SymbolLocatorTests' wristbands, 100% → 72%).
            let found = SymbolReader(zxing: zxing, trace: SymbolTrace(options.traces)).read(photo, formats: symbolFormats, closerFormats: closerFormats)
            trace("symbols", since: attemptStart, found: found)
            if !found.isEmpty { return found }
        }

        // No zbar pass on every line (rather than every second one): charged 2.3 first passes, the dearest step a
        // codeless photo paid for, it never read a code the other steps missed on the public corpus or on card
        // photos. On a small image the 2x upscale below scans every line of the original.

        // Then transformed copies, both readers, all formats. A large image is retried from a half-size copy:
        // its codes span hundreds of pixels, and every step costs a quarter. Except the straightening, which turns
        // the image itself: a code turned far enough to need it is often a long one, and a Code 128 220 px long on
        // a 1080x1920 photo is a pixel a module at half size (cards-dev's 0021, 0062 and 0091 remade 9° more
        // tilted read only so; their half-size copies never did).
        let large = image.pixelCount > options.retryHalfSizeAbove
        let whole = ImageVariant(image: image, toSource: { $0 })
        let base = large ? ImageVariant.scaled(image, by: 0.5) : whole
        let baseShare = Double(base.image.pixelCount) / pixels
        var steps = RetryPlan.attempts(for: base.image, straightening: !large).map { (attempt: $0, on: base, share: baseShare) }
        if large, let straightened = RetryPlan.straightened(image) { steps.insert((straightened, whole, 1), at: 0) }
        for (attempt, on, share) in steps {
            guard canAfford(attempt.cost * share) else { break }
            attemptStart = Date()
            let variant = on.then(attempt.make(on.image))
            var formats = attempt.matrixFormatsOnly ? matrixOnly : options.formats
            let qrByUs = attempt.qrByOurLocator && formats.remove(.qrCode) != nil
            var pass = ZXingReader.Pass(formats: formats, maxSymbols: 1)
            pass.tryRotate = attempt.zxingTryRotate
            pass.tryDownscale = attempt.zxingPyramid
            pass.globalHistogram = attempt.zxingGlobalHistogram
            var found = WholeITF.completing(combined(attempt.zbarToo ? (zbar?.scan(variant.image) ?? []) : [],
                                                    zxingChecked(variant.image, pass: pass), in: variant.image),
                                            in: variant.image, zxing: zxing)
            if found.isEmpty, qrByUs {
                found = SymbolReader(zxing: zxing, trace: SymbolTrace(options.traces)).readQR(variant.image)
            }
            trace(attempt.name, since: attemptStart, found: found)
            if !found.isEmpty { return found.map(variant.mapToSource) }
            // zxing-cpp 3's PDF417 reader loses a turned card's code to sensor noise that a half-size copy averages
            // away (cards-dev 0031, turned 13°: read straightened at 50% and 75%, never at full size).
            if attempt.matrixAtHalfSizeToo, !matrixOnly.isEmpty, canAfford(Self.halfSizeMatrixCost * share) {
                attemptStart = Date()
                let half = variant.then(ImageVariant.scaled(variant.image, by: 0.5))
                let read = zxing.read(half.image, pass: .init(formats: matrixOnly, tryRotate: false, tryDownscale: false, maxSymbols: 1))
                trace(attempt.name + "-half", since: attemptStart, found: read)
                if !read.isEmpty { return read.map(half.mapToSource) }
            }
        }
        // Last, outside the budget: the photo sharpened (`sharpenedLook`).
        guard Date() < deadline else { return [] }
        return sharpenedLook(image)
    }

    /// The photo with its edges steepened by an unsharp mask (`sharpening`), read by zxing on its first pass's
    /// terms (its rows by each format's check). A code photographed out of focus or resampled has bars whose edges
    /// are wide grey ramps; zxing's binarizer merges the narrow bars and spaces, and no scale, turn or threshold of
    /// the retries parts them again. Steepened, they part. Over the three card sets this reads five codes that
    /// nothing else did (cards-dev 0028 and 0115, cards-dev2 0004 and 0019, cards-dev3 0116: defocused and
    /// resampled photos; three Code 128, a QR code and an EAN-13; `SoftPhotoCodeTests`). zbar reads none of them
    /// sharpened, so it is left out (and with it most of the look's cost after the mask itself).
    ///
    /// Sharpening makes edges of its own, and a read from them is a misread: generated seed 1's DataBar Expanded
    /// (databarexp-1/12) read as another valid one. So each read must read again, the same, in its neighbourhood
    /// sharpened otherwise (`confirmingSharpening`), where the mask's own edges fall elsewhere.
    ///
    /// It runs after every budgeted retry and is not charged to the budget, so it takes no step's place (a
    /// sharpened copy as one more budgeted retry read a code more on cards-dev and one fewer on cards-dev2). A
    /// photo whose code any other step reads never pays for it; a photo that nothing reads pays once. Live frames
    /// make no retries, so never this look.
    private func sharpenedLook(_ image: GrayImage) -> [Barcode] {
        let start = Date()
        let sharp = image.unsharpMasked(sigma: Self.sharpening.sigma, amount: Self.sharpening.amount)
        let found = zxingChecked(sharp, pass: .init(formats: options.formats, maxSymbols: 1)).filter { code in
            let around = ImageVariant.neighbourhood(of: code.bounds, in: image)
            let otherwise = around.image.unsharpMasked(sigma: Self.confirmingSharpening.sigma,
                                                       amount: Self.confirmingSharpening.amount)
            return zxing.read(otherwise, pass: .init(formats: [code.format], maxSymbols: 0)).contains { $0.text == code.text }
        }
        trace("sharpened", since: start, found: found)
        return found
    }

    /// The unsharp mask of `sharpenedLook`: a Gaussian of 1.5 px, the difference added 1.5 times. Sigma 2 and 3
    /// (amount 1.5 and 2) read the same five card codes and cost more (a wider kernel).
    static let sharpening = (sigma: 1.5, amount: 1.5)
    /// The mask a sharpened read's neighbourhood is read again with: wider, so its own edges fall elsewhere. With
    /// sigma 1 (amount 1), 2.5 or 3 (amount 2) the same five card codes are confirmed and the seed's misread is not.
    static let confirmingSharpening = (sigma: 2.5, amount: 1.5)

    /// Where zbar read nothing, a linear code of a weakly checked format (`weaklyChecked`) that zxing reads must come
    /// out the same on this many rows (zxing's default is 2). A UPC-E carries six digits and a check digit: on a dim,
    /// noisy photo two rows through a UPC-E agreed on another UPC-E that passed the check (own seed 2 upce-1/07,
    /// `0044200005830` for `0043583000098`, with zxing-cpp 1.4 and 3 alike); three rows read the right one.
    static let agreeingLines = 3

    /// Linear formats whose check catches too little for two agreeing rows: no check character at all (Codabar,
    /// Code 39, ITF), or one mod-10 digit (EAN, UPC). Code 128 (mod 103), Code 93 (two mod-47 characters) and
    /// DataBar (mod 79 / 211) are taken on zxing's two: asking them for three lost a Code 128 on a card photo that
    /// two rows read right (cards-dev2 0102, a JY number).
    static let weaklyChecked: Set<BarcodeFormat> = [.ean8, .ean13, .upcA, .upcE, .itf, .codabar, .code39]

    /// zxing's reads with the rows each format's check deserves: one read on zxing's two agreeing rows, then each
    /// code of a weakly checked format read again around where it was, on `agreeingLines` rows (the same text there
    /// confirms it, another text replaces it, nothing drops it).
    func zxingChecked(_ image: GrayImage, pass: ZXingReader.Pass) -> [Barcode] {
        zxing.read(image, pass: pass).flatMap { code -> [Barcode] in
            guard Self.weaklyChecked.contains(code.format) else { return [code] }
            let around = ImageVariant.neighbourhood(of: code.bounds, in: image)
            var strict = pass
            // Every symbol, as in the second opinion: asked for one, zxing can stop short of the code.
            (strict.formats, strict.maxSymbols, strict.minLineCount) = ([code.format], 0, Self.agreeingLines)
            let again = zxing.read(around.image, pass: strict).map(around.mapToSource)
            // Confirmed: the first read stands, with its outline (the crop's may cover only part of the code).
            if again.contains(where: { $0.text == code.text }) { return [code] }
            if !again.isEmpty { return again }
            // No row agreement at all there: a second, independent read of the same text (the neighbourhood at
            // another scale, where each row crosses other pixels) confirms it instead.
            return Self.rereadScales.contains { scale in
                let other = around.then(ImageVariant.scaled(around.image, by: scale))
                var same = pass
                (same.formats, same.maxSymbols) = ([code.format], 0)
                return zxing.read(other.image, pass: same).contains { $0.text == code.text }
            } ? [code] : []
        }
    }

    /// The scales a weakly checked read's neighbourhood is read again at when its rows did not agree.
    static let rereadScales = [0.75, 1.5]

    /// A half-size copy read by zxing alone for the 2D formats: a quarter of the pixels, one reader of two.
    static let halfSizeMatrixCost = 0.2

    /// `GrayImage.noiseLevel` at and above which a photo counts as noisy (grey levels).
    static let noisyAbove = 3.0
    /// zbar's scan-line spacing for its look at a noisy photo as it is, unsmoothed (pass 2a).
    static let unsmoothedLineSpacing = 4
    /// Images with a shorter side under this many pixels are never smoothed.
    static let noiseMeasuredFrom = 240

    private func trace(_ name: String, since start: Date, found: [Barcode]) {
        guard options.traces.barcodeRetries else { return }
        let ms = Int(Date().timeIntervalSince(start) * 1000)
        FileHandle.standardError.write(Data("retry \(name) \(ms) ms \(found.isEmpty ? "miss" : "hit")\n".utf8))
    }

    /// zbar has no FNC4 (Code 128's switch to Latin-1 characters 128–255): it reports such characters with the
    /// high bit dropped ("ó" comes out as "s"). When zbar saw a Code 128, zxing (which handles FNC4) reads that
    /// image too; where zxing's text is zbar's with some characters above 127, zxing's text is the right one.
    private func restoringExtendedCode128(_ found: [Barcode], in image: GrayImage) -> [Barcode] {
        found.map { zbarRead in
            guard zbarRead.format == .code128 else { return zbarRead }
            // zxing reads only the code's neighbourhood: a full-frame pass cost ~8 ms per 720p frame with a
            // Code 128 in it, the crop a fraction of that.
            let second = zxing.read(Self.neighbourhood(of: zbarRead.bounds, in: image),
                                    pass: .init(formats: [.code128], tryHarder: false, tryRotate: true,
                                                tryDownscale: true, maxSymbols: 1))
            guard let better = second.first(where: { Self.isFNC4Restoration(of: zbarRead.text, by: $0.text) }) else {
                return zbarRead
            }
            var restored = zbarRead
            restored.text = better.text
            restored.bytes = better.bytes
            return restored
        }
    }

    /// The code's box grown by half its longer side each way (zbar's box can be a few scan lines thin, and a
    /// tilted code reaches beyond it), clipped to the image.
    static func neighbourhood(of bounds: Quad, in image: GrayImage) -> GrayImage {
        ImageVariant.neighbourhood(of: bounds, in: image).image
    }

    /// Linear codes zbar read on one scan line only (`ZBarScanner.scanned`), looked at again where they were seen:
    /// a band of the image along that scan line at twice the size, scanned as the first pass scans. A code whose
    /// modules are a pixel wide reads there on several lines; noise that made a one-line "code" stays out.
    /// zbar gives a one-line read's place as one point on the code, not its extent: the band reaches
    /// `glimpseReach` along the line either side (any code shown at a pixel per module) and `glimpseBand` across it
    /// (a few dozen scan lines), or `glimpseReach` every way when zbar cannot say which way the line ran.
    /// Runs only when the first pass found nothing else; ~20 ms on a 640x480 frame.
    private func lookingCloser(at glimpses: [ZBarScanner.Glimpse], in image: GrayImage) -> [Barcode] {
        guard let zbar, !glimpses.isEmpty else { return [] }
        let start = Date()
        for glimpse in glimpses.prefix(Self.glimpsesLookedAt) {
            let reach = Self.glimpseReach
            let across = glimpse.readAlongRows == nil ? reach : Self.glimpseBand
            let (dx, dy) = glimpse.readAlongRows == false ? (across, reach) : (reach, across)
            let around = ImageVariant.region(around: glimpse.at, in: image, dx: dx, dy: dy)
            let closer = around.then(ImageVariant.scaled(around.image, by: 2))
            // A short ITF (under six digits: no check digit, and every pair of digits is a valid ITF on its own)
            // is not taken from a glimpse: a scan line crossing a turned ITF-14 diagonally reads a piece of it,
            // and the closer look then reads the same piece on every line of its band (own photos, seed 4:
            // `5576` for `557650184395`). A short ITF read in the first pass, square to its bars, still counts.
            // An ITF that ends where the band was cut (inside the photo) is not taken either: its pieces are valid
            // ITFs, and the part of a longer one inside the band reads as one (own photos, seed 10 itf-1/02, a curved
            // ITF-14: `918714941007` for `03918714941007`; the straightened retry then reads it whole).
            let found = zbar.scan(closer.image)
                .filter { $0.format != .itf || $0.text.count >= Self.shortestGlimpsedITF
                    && !Self.endsAtCut($0, of: closer, in: image, alongRows: glimpse.readAlongRows) }
                .map(closer.mapToSource)
            if !found.isEmpty {
                trace("glimpsed", since: start, found: found)
                return WholeITF.completing(restoringExtendedCode128(found, in: image), in: image, zxing: zxing)
            }
        }
        trace("glimpsed", since: start, found: [])
        return []
    }

    /// Whether `code`, read in `band` (a cut-out of `photo`, maybe enlarged), comes within an ITF's quiet zone
    /// (7 of its modules, as `QuietZone` looks) of an end of the band that lies inside the photo: there the band
    /// may have cut a longer code, whose part inside it reads as a code of its own. Ends are along the code's scan
    /// lines (`alongRows`; the code's longer side when unknown). A band end at the photo's own edge is no cut.
    static func endsAtCut(_ code: Barcode, of band: ImageVariant, in photo: GrayImage, alongRows: Bool?) -> Bool {
        let (w, h) = (band.image.width, band.image.height)
        let bounds = code.bounds
        let rows = alongRows ?? (bounds.maxX - bounds.minX >= bounds.maxY - bounds.minY)
        // An ITF's modules: 4 (start) + 9 a digit (two wide bars of three modules, three narrow) + 5 (stop), at the
        // usual 3:1 ratio (at 2:1 a module is a quarter wider than this says: the margin still lies inside ITF's
        // quiet zone of ten modules).
        let modules = Double(9 * code.text.count + 9)
        let (low, high, size) = rows ? (bounds.minX, bounds.maxX, w) : (bounds.minY, bounds.maxY, h)
        let quiet = 7 * Double(high - low) / modules
        // Where the band's first and last pixels along the line lie in the photo.
        let start = band.toSource(Point(x: 0, y: 0)), end = band.toSource(Point(x: w - 1, y: h - 1))
        let cutLow = rows ? start.x > 0 : start.y > 0
        let cutHigh = rows ? end.x < photo.width - 1 : end.y < photo.height - 1
        return (cutLow && Double(low) < quiet) || (cutHigh && Double(size - 1 - high) < quiet)
    }

    /// The fewest digits an ITF read by looking closer at a glimpse must have (zbar's and zxing's own default).
    static let shortestGlimpsedITF = 6

    /// How far from a one-line read its code may reach along the line, in pixels: a Code 128 of 20 characters is
    /// 255 modules.
    static let glimpseReach = 300
    /// How far across the line the closer look reaches, in pixels: 64 rows, every one scanned at twice the size.
    static let glimpseBand = 32
    /// At most this many one-line reads are looked at again (a noisy photo can give several).
    static let glimpsesLookedAt = 3

    static func isFNC4Restoration(of zbarText: String, by zxingText: String) -> Bool {
        // zxing gives Latin-1 characters as Unicode scalars below 256; zbar's are those minus 128.
        let a = Array(zbarText.unicodeScalars), b = Array(zxingText.unicodeScalars)
        guard a.count == b.count, b.contains(where: { $0.value > 127 }) else { return false }
        return zip(a, b).allSatisfy { x, y in x.value == (y.value < 256 ? y.value & 0x7F : y.value) }
    }

    /// Results of both libraries with duplicates removed (one code seen by both, or twice by one), and reads that
    /// disagree on one code settled (`settlingConflicts`). `image` is the one they were read in.
    private func combined(_ a: [Barcode], _ b: [Barcode], in image: GrayImage) -> [Barcode] {
        settlingConflicts(Self.removingDuplicates(a + b), in: image)
    }

    /// Two different reads of one retail code (`ConflictingReads`): each is judged by zxing, the independent reader,
    /// on its own side of the pair (`ConflictingReads.ownSide`), and stays only if zxing reads it there: two real
    /// codes stacked close both stay, and a misread half goes. A code not reported may be read by a later step or the
    /// next frame; a wrong one becomes a wrong loyalty card number. The rule sees disagreement within one step's reads
    /// only: a later step that reads nothing but the misread reports it. (zbar's own lines are no judge: scanning seed
    /// 1 `ean13-1/05`'s neighbourhood on every line, upright and turned 3° and 6° each way, 26 lines read the wrong
    /// code and 11 the right one; zxing read neither at any of those turns.)
    private func settlingConflicts(_ found: [Barcode], in image: GrayImage) -> [Barcode] {
        let pairs = ConflictingReads.pairs(in: found)
        guard !pairs.isEmpty else { return found }
        var dropped = Set<Int>()
        for (i, j) in pairs {
            for (k, other) in [(i, j), (j, i)] {
                let read = found[k]
                let side = ImageVariant.region(around: ConflictingReads.ownSide(of: read.bounds, awayFrom: found[other].bounds),
                                               in: image, dx: 0, dy: 0)
                let confirmed = zxing.read(side.image, pass: .init(formats: [read.format], maxSymbols: 1,
                                                                   minLineCount: Self.agreeingLines)).contains { $0.text == read.text }
                if !confirmed { dropped.insert(k) }
                if options.traces.barcodeRetries {
                    FileHandle.standardError.write(Data("conflict \(read.format): zxing \(confirmed ? "confirms" : "does not confirm") one read\n".utf8))
                }
            }
        }
        return found.indices.filter { !dropped.contains($0) }.map { found[$0] }
    }

    /// One report per code. Two reads of one code by the two readers can give outlines that do not meet: a
    /// one-dimensional read is outlined by the scan lines that read it, and on a UPC-E turned a quarter zbar's line
    /// crossed the bars while zxing-cpp 3's ran along the code's last bar (Tests/Fixtures/retail/dim-upce-turned.jpg).
    /// So the same content counts as the same code when either outline, grown by half its longer side, meets the other.
    static func removingDuplicates(_ barcodes: [Barcode]) -> [Barcode] {
        var kept: [Barcode] = []
        for b in barcodes where !kept.contains(where: { $0.isSameCode(as: b) || isNearbyRead(of: $0, b) }) { kept.append(b) }
        return kept
    }

    static func isNearbyRead(of a: Barcode, _ b: Barcode) -> Bool {
        func grown(_ code: Barcode) -> Barcode {
            var wide = code
            wide.bounds = code.bounds.grown(by: code.bounds.longSide / 2)
            return wide
        }
        return grown(a).isSameCode(as: b) || grown(b).isSameCode(as: a)
    }
}
