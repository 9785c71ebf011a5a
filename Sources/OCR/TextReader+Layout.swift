import CardModel
import Foundation
import Imaging
import Locating

/// The layout path: tesseract's own page layout analysis on the block the letter marks outline, levelled and set
/// upright, with its rescue passes (flattened, paper, sparse, the other way up). Before the learned detector it was
/// the text stage; now it is the second way a photo is read (`SecondReading`), and the whole path without a model.
extension TextReader {
    /// The text stage before the learned detector: tesseract's layout analysis on the block the letter marks
    /// outline, with its rescue passes. With a detector, the second way a photo is read (`SecondReading`).
    ///
    /// `readingAlong`: the direction the print reads along (`Reading.readingDegrees`), when the detector's lines
    /// settled the way up. A block levelled along it (or against it) is then read that way up only: the statistics
    /// and the reading the other way up that settle it otherwise were a third of this path's tesseract time.
    public func readByLayout(_ image: GrayImage, readingAlong: Double? = nil) -> Reading {
        // Measured on a frame itself, where JPEG's 8-pixel blocks are where `motionBlur` expects them; on a photo
        // over 1.5 times the working size, at the working size: the same hand movement smears a 3200 px phone
        // photo over 2.5 times the pixels, past the longest smear the estimate looks for. (Measuring every photo
        // over 1280 px reduced changed nothing on cards-dev's 1920 px frames, and on a 1328 px receipt it found
        // another false smear and lost the total.) Undone at the working size, so the cost stays that of a
        // 1280 px frame whatever the photo.
        // With a core to spare the estimate runs beside the first reading's tesseract passes (it needs nothing
        // from them); started any earlier it competes with the barcode path, which has the other core while the
        // text is found.
        // A photo over the working size is reduced once: the text is found on that copy, the smear measured on it
        // (over 1920 px) and undone on it.
        if traces.textStages {
            FileHandle.standardError.write(Data("ocr layout path: way up \(readingAlong.map { "known, reading along \(Int($0))°" } ?? "not known")\n".utf8))
        }
        let longSide = Double(max(image.width, image.height))
        let reduced = longSide > Self.workingLongSide ? image.scaled(by: Self.workingLongSide / longSide) : nil
        let measuredOn = longSide > 1.5 * Self.workingLongSide ? Self.workingLongSide / longSide : 1
        func timedEstimate() -> (blur: MotionBlur?, ms: Int) {
            let start = Date()
            let found = (measuredOn < 1 ? reduced ?? image : image).motionBlur()
            return (found.map { MotionBlur(degrees: $0.degrees, length: $0.length / measuredOn, strength: $0.strength) },
                    Int(Date().timeIntervalSince(start) * 1000))
        }
        var estimating: InBackground<(blur: MotionBlur?, ms: Int)>?
        var first = readLevelled(image, reduced: reduced, readingAlong: readingAlong, onceFound: spare == nil ? nil : { estimating = InBackground(timedEstimate) })
        // Not convincing: the desk may be what was read. A textured desk (granite, carpet, coarse grain) gives
        // more letter-sized marks than the card's print, tesseract takes a frame of texture for a picture, and
        // sparse text reads the grain as a few short words. The paper is found by its smooth surface, everything
        // off it set to its grey, and the photo read again; the better reading comes first. (Only below
        // `settlingQuality`, it missed photos where the grain's words added up to a settled score.)
        let frameQuality = Self.quality(first.lines)
        if frameQuality < Self.convincingQuality || first.marksCoverFrame {
            // Each outline the paper may have, the most card-like first, until one reading convinces; every
            // reading better than the frame's is kept, the best first. When the marks covered the frame, a paper
            // reading that reads as text (`settlingQuality`) is kept below the frame's too: the frame's score
            // counts the card's words it did read, among the grain's junk, and the lines it lost are the paper
            // reading's to add (probe seeds 7-59: fields +23, wrong values -2, against keeping only better ones).
            var readings: [(reading: Reading, quality: Double)] = [(first, frameQuality)]
            for onPaper in (reduced ?? image).paperMasks() {
                let paperReading = readLevelled(onPaper, readingAlong: readingAlong)
                let quality = Self.quality(paperReading.lines)
                if traces.textStages {
                    FileHandle.standardError.write(Data("ocr paper-only quality \(quality) (frame \(frameQuality))\n".utf8))
                }
                if quality > frameQuality || (first.marksCoverFrame && quality >= Self.settlingQuality) {
                    readings.append((Reading(lines: Self.lines(paperReading.lines, from: onPaper, to: image),
                                             quarterTurns: paperReading.quarterTurns, deskewDegrees: paperReading.deskewDegrees), quality))
                }
                if quality >= Self.convincingQuality { break }
            }
            let ranked = readings.sorted { $0.quality > $1.quality }.map(\.reading)
            first = Reading(lines: ranked.dropFirst().map(\.lines).reduce(ranked[0].lines) { TextReader.merged($0, $1) },
                            quarterTurns: ranked[0].quarterTurns, deskewDegrees: ranked[0].deskewDegrees)
        }
        let (found, estimateMs) = estimating?.value ?? timedEstimate()
        let measured = Date()
        if traces.textStages {
            FileHandle.standardError.write(Data("ocr stage smear-estimate \(estimateMs) ms\n".utf8))
        }
        guard let found else { return first }
        let working = reduced ?? image
        let blur = MotionBlur(degrees: found.degrees, length: found.length * Double(working.width) / Double(image.width),
                              strength: found.strength)
        // A smear that the reduction to working size shrinks below a few pixels costs tesseract nothing there (and
        // on large scans the "smears" found are mostly the grid of the print itself).
        guard blur.length >= MotionBlur.shortest else { return first }
        let sharpened = working.deblurred(blur)
        if traces.textStages {
            FileHandle.standardError.write(Data(("ocr motion blur \(blur.degrees)° \(blur.length) px strength "
                + "\((blur.strength * 100).rounded() / 100), measured in \(estimateMs) ms, "
                + "undone in \(Int(Date().timeIntervalSince(measured) * 1000)) ms\n").utf8))
        }
        // The sharpened copy may be smaller than the photo: its lines are scaled back to the photo's pixels.
        // After a convincing first reading the sharpened copy is a second opinion, read without the searches for
        // a lost reading (`thorough`): when the smear was not real (print and grain can show one), deconvolution
        // leaves junk, and on junk every search runs: on the layout probe, whose photos have no smear, 27 of 60
        // showed one, and their sharpened copies, read thoroughly, cost 38% of all its reading time.
        let unsmeared = readLevelled(sharpened, thorough: Self.quality(first.lines) < Self.convincingQuality,
                                     readingAlong: readingAlong)
        let second = Reading(lines: Self.lines(unsmeared.lines, from: working, to: image),
                             quarterTurns: unsmeared.quarterTurns, deskewDegrees: unsmeared.deskewDegrees)
        let firstQuality = Self.quality(first.lines), secondQuality = Self.quality(second.lines)
        if traces.textStages {
            FileHandle.standardError.write(Data("ocr motion blur quality before \(firstQuality) after \(secondQuality)\n".utf8))
        }
        return Self.combined(first, firstQuality, second, secondQuality)
    }

    /// `lines` read on `copy` (a scaled copy of `image`), in `image`'s pixels.
    static func lines(_ lines: [Line], from copy: GrayImage, to image: GrayImage) -> [Line] {
        let fx = Double(image.width) / Double(copy.width), fy = Double(image.height) / Double(copy.height)
        guard fx != 1 || fy != 1 else { return lines }
        func scaled(_ quad: Quad) -> Quad {
            Quad(quad.points.map { Point(x: Int((Double($0.x) * fx).rounded()), y: Int((Double($0.y) * fy).rounded())) })
        }
        return lines.map { line in
            Line(text: line.text, confidence: line.confidence, bounds: scaled(line.bounds),
                 words: line.words.map { Word(text: $0.text, confidence: $0.confidence, bounds: scaled($0.bounds)) })
        }
    }

    /// One reading of `image`: found, levelled, uprighted, read by layout analysis and then sparse text.
    /// `onceFound` is called when the text has been found and levelled, before tesseract reads it.
    /// `reduced`: `image` already scaled to the working size, when the caller made that copy for itself.
    /// `thorough`: when the reading holds little text, look for more (other directions the marks allow, the block
    /// read across, flattened, desk whitened, the whole frame); false reads the block found, each way up when in
    /// doubt, and its sparse text only.
    private func readLevelled(_ image: GrayImage, reduced: GrayImage? = nil, thorough: Bool = true,
                              readingAlong: Double? = nil, onceFound: (() -> Void)? = nil) -> Reading {
        var stageStart = Date()
        func stage(_ name: String) {
            guard traces.textStages else { return }
            FileHandle.standardError.write(Data("ocr stage \(name) \(Int(Date().timeIntervalSince(stageStart) * 1000)) ms\n".utf8))
            stageStart = Date()
        }
        var transforms: [(Double, Double) -> (Double, Double)] = []  // each takes a point one step back

        // 1. Size: shrink large photos (faster, and noise averages out); grow small ones so letters have pixels.
        var work = image
        let longSide = Double(max(image.width, image.height))
        let factor = longSide > Self.workingLongSide ? Self.workingLongSide / longSide : (longSide < Self.smallLongSide ? 2 : 1)
        if factor != 1 {
            work = factor < 1 ? reduced ?? image.scaled(by: factor) : image.scaled(by: factor)
            let fx = Double(image.width) / Double(work.width), fy = Double(image.height) / Double(work.height)
            transforms.append { x, y in (x * fx, y * fy) }
        }
        // 2. Speckle off, edges kept (a reduction has averaged the speckle already).
        if factor >= 1 { work = work.medianFiltered() }
        stage("scale+median")

        // 3. Find the text and level it: the direction of its lines at any angle, from the letter-sized marks
        //    (TextLayout), then only the block those marks outline is read — desk, clutter and shadow around a
        //    card are what made whole-frame layout analysis return junk.
        var turns = 0
        var deskew = 0.0
        let marks = work.textMarks()
        stage("marks")
        let layout = TextLayout(marks: marks)
        stage("text-direction")
        /// The block along `degrees`, levelled, its mapping back, the turn that levelled it, and the share of the
        /// working frame it covers.
        func block(along degrees: Double) -> (GrayImage, [(Double, Double) -> (Double, Double)], Double, Double)? {
            guard let layout, let corners = layout.textCorners(sourceWidth: work.width, sourceHeight: work.height, along: degrees)
            else { return nil }
            // The block is cut from the photo itself, not from the working copy: small print in a large scan
            // (a receipt, a letter) keeps the pixels the reduction would have averaged away.
            let level = abs(degrees) >= 0.5 ? -degrees : 0
            let (cut, back) = Self.levelledBlock(of: image, corners: corners.map { (x: $0.x / factor, y: $0.y / factor) },
                                                 degrees: level, printSize: layout.printSize(along: degrees) / factor,
                                                 workingFactor: factor)
            func side(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
            let share = side(corners[0], corners[1]) * side(corners[0], corners[3]) / Double(work.width * work.height)
            return (cut, back, level, share)
        }
        let (frame, frameTransforms) = (work, transforms)
        var blockCut = false
        var marksCoverFrame = false
        if let layout, let (cut, back, level, share) = block(along: layout.angleDegrees) {
            marksCoverFrame = share >= Self.marksCoverFrameShare
            (work, transforms, deskew) = (cut, back, level)
            blockCut = true
            stage("layout")
        } else {
            levelByProjection(&work, &transforms, &turns, &deskew)
        }

        onceFound?()
        // 5-6. Right way up, and read with tesseract's layout analysis (`readUpright`).
        /// Whether a block mapped back to the photo by `steps` reads upside down, when `readingAlong` says.
        func knownFlip(_ steps: [(Double, Double) -> (Double, Double)], _ block: GrayImage) -> Bool? {
            guard let readingAlong else { return nil }
            let flip = Self.upsideDown(block, mappedBack: steps, readingAlong: readingAlong)
            if traces.textStages {
                FileHandle.standardError.write(Data("ocr layout way up from the lines (\(Int(readingAlong))°): \(flip.map { $0 ? "flipped" : "upright" } ?? "block runs across them")\n".utf8))
            }
            return flip
        }
        var (final, back, lines, flipped, upright, settled) = readUpright(work, knownFlip: knownFlip(transforms, work))
        // Next to no text: the lines may run along another direction the marks suggested (wood grain or a thumb
        // can outvote a small card's print; a blurred card's words merge into blobs). Those are read too, and
        // the reading with the most real text wins.
        if thorough, Self.quality(lines) < Self.convincingQuality, let layout {
            for alternative in layout.alternatives {
                guard let (cut, cutBack, level, _) = block(along: alternative.degrees) else { continue }
                let other = readUpright(cut, knownFlip: knownFlip(cutBack, cut))
                // A direction the marks barely support replaces the chosen one only when it reads as text twice
                // over (`weakDirectionQuality`): a junk reading scoring 3.9 along one took the dim remake of
                // cards-dev 0043 off its card's lines, which read only once flattened.
                let needed = Self.quality(lines) + 2
                if Self.quality(other.lines) > (alternative.weak ? max(needed, Self.weakDirectionQuality) : needed) {
                    (work, transforms, deskew) = (cut, cutBack, level)
                    (final, back, lines, flipped, upright, settled) = other
                }
            }
        }
        // 5b. Real text read running down the block, not along it: tesseract reads print on its side too, so a
        //     block levelled across its lines (a textured desk's marks outvoted the print for their direction) can
        //     read as enough text to pass, sideways, with the lines it could not read lost. Read a quarter turned;
        //     the better reading stays.
        if thorough, Self.readsSideways(lines) {
            let (turned, turnBack) = Self.turn(work, quarterTurns: 1)
            let across = readUpright(turned, knownFlip: knownFlip(transforms + [turnBack], turned))
            if traces.textStages {
                FileHandle.standardError.write(Data("ocr sideways: quality \(Self.quality(lines)) turned \(Self.quality(across.lines))\n".utf8))
            }
            // By a clear margin: tesseract also gives word boxes taller than wide for text it turned itself and
            // read well (the same reading, a quarter turned, scores about the same).
            if Self.quality(across.lines) > max(Self.quality(lines) + 3, 1.5 * Self.quality(lines)) {
                work = turned; transforms.append(turnBack); turns += 1
                (final, back, lines, flipped, upright, settled) = across
            }
        }
        stage("second-orientation")
        // 6b. Little text, or a block lit unevenly (a shadow across the card, light falling off to one side, a
        //     card cut loosely from a dark desk): tesseract thresholds a block at one grey level, which turns a
        //     shadowed part black, and where a dark desk sets that level, light grey print on the card turns
        //     white. The block is read again with its background flattened, the reading with more real text first.
        //     When neither way up read as text (`settled` false), the way up is a guess, and the flattened block
        //     is read both ways: the better one decides it.
        let settledQuality = Self.quality(lines)
        if thorough, settledQuality < Self.flattenBelowQuality || final.hasUnevenBackground() {
            let flattened = final.backgroundFlattened()
            var again = recognize(flattened, layout: .automatic, why: "flattened")
            var (flattenedFinal, turnedBack) = (flattened, Optional<(Double, Double) -> (Double, Double)>.none)
            if !settled {
                // Each way up; and when neither reads as text even flattened, each way up with the desk around
                // the paper whitened too (`deskWhitened`): a levelled wristband on a black desk can read as
                // nothing until then. Only then: on blocks that read, whitening the desk cost fields.
                var best = readBothWaysUp(flattened, readAlready: again, why: "flattened")
                if Self.wayUpEvidence(best.lines) < Self.settlingQuality {
                    let whitened = readBothWaysUp(flattened.deskWhitened(), readAlready: nil, why: "desk-whitened")
                    if Self.wayUpEvidence(whitened.lines) > Self.wayUpEvidence(best.lines) { best = whitened }
                }
                (again, flattenedFinal, turnedBack) = (best.lines, best.image, best.turnBack)
            }
            if Self.quality(again) > settledQuality {
                if let turnedBack {
                    // The other way up read better flattened: the unflattened lines were read the wrong way up.
                    let oldBack = back
                    (lines, back, flipped) = (again, { x, y in let p = turnedBack(x, y); return oldBack(p.0, p.1) }, !flipped)
                } else {
                    lines = Self.merged(again, lines)
                }
                final = flattenedFinal
            } else if turnedBack == nil {
                lines = Self.merged(lines, again)
            }
            stage("flattened")
        }
        // 6c. No text in any block the marks outlined, any way up: the marks can outline the wrong thing (a phone
        //     screen's small print seen at an angle gave too few marks, and the block cut from them was a sliver).
        //     The whole working image is read as it is, as tesseract alone would read a photo; when it reads
        //     better, its lines come first and the block's follow (a weak reading of the block may still hold a
        //     field). One pass, only on photos that read as nothing.
        var wholeFrameLines: [Line] = []
        if thorough, blockCut, Self.quality(lines) < Self.settlingQuality {
            let whole = recognize(frame, layout: .automatic, why: "whole-frame")
            if Self.quality(whole) > Self.quality(lines) { wholeFrameLines = Self.mapped(whole, through: frameTransforms) }
            stage("whole-frame")
        }
        // 7. Then tesseract's sparse-text mode on the chosen way up: it finds what layout analysis drops on a busy
        //    or uneven block (a photo beside the lines, a barcode below), while layout analysis keeps a label and
        //    its value on one line. Each adds the lines the other missed.
        //    Lines layout analysis read with confidence are whited out first: sparse text then only works on
        //    what is left, which is most of the saving on a card that reads well.
        var rest = final
        for line in lines where line.confidence >= Self.settledLineConfidence {
            rest.fill(left: line.box.left, top: line.box.top, right: line.box.right, bottom: line.box.bottom, with: 255)
        }
        lines = Self.merged(lines, recognize(rest, layout: .sparse, why: "sparse"))
        if flipped { turns += 2; transforms.append(back) }
        if traces.textStages {
            FileHandle.standardError.write(Data("ocr final deskew \(deskew) flipped \(flipped) upright \(upright)\n".utf8))
        }
        stage("sparse")

        let result = Self.merged(wholeFrameLines, Self.mapped(lines, through: transforms))
        return Reading(lines: result, quarterTurns: turns % 4, deskewDegrees: deskew, marksCoverFrame: marksCoverFrame)
    }

    /// Steps 5-6 of `read` on a levelled block: right way up, and read with tesseract's layout analysis.
    /// Leptonica's ascender/descender statistics say upside down or not; when they cannot tell, or little real
    /// text came back, the block is read the other way up too and the way that reads as text is kept. A turn the
    /// statistics ask for is confirmed the same way: they are unreliable on print with few ascenders and
    /// descenders (capitals and digits — receipts, labels), and an upright page read upside down is a page lost.
    /// A reading the statistics did not turn that holds several card words (`convincingQuality`) stands.
    ///
    /// `knownFlip`: the way up the detector's lines settled (`readingAlong`), when this block runs along them: read
    /// that way only, and taken as settled.
    private func readUpright(_ work: GrayImage, knownFlip: Bool? = nil)
        -> (final: GrayImage, back: (Double, Double) -> (Double, Double), lines: [TesseractEngine.Line], flipped: Bool,
            upright: Double, settled: Bool) {
        if let knownFlip {
            let (final, back) = Self.turn(work, quarterTurns: knownFlip ? 2 : 0)
            let lines = recognize(final, layout: .automatic, why: knownFlip ? "known-flipped" : "known-upright")
            return (final, back, lines, knownFlip, 0, true)
        }
        let upright = work.textUprightConfidence() ?? 0
        var flipped = upright < -0.5
        var (final, back) = Self.turn(work, quarterTurns: flipped ? 2 : 0)
        let doubtful = flipped || abs(upright) <= 0.5
        var lines: [TesseractEngine.Line]
        var early: (image: GrayImage, back: (Double, Double) -> (Double, Double), lines: [TesseractEngine.Line])?
        if doubtful, let second = spare?.engine {
            // The other way up is read unless the first reading convinces, which is rare: read both at once.
            let (other, otherBack) = Self.turn(work, quarterTurns: flipped ? 0 : 2)
            let first = final, why = flipped ? "flipped" : "upright"
            let both = bothAtOnce({ self.recognize(first, layout: .automatic, why: why) },
                                  { self.recognize(other, layout: .automatic, why: "other-way", on: second) })
            lines = both.0
            early = (other, otherBack, both.1)
        } else {
            lines = recognize(final, layout: .automatic, why: flipped ? "flipped" : "upright")
        }
        let firstQuality = Self.quality(lines)
        var settled = true
        // A turn the statistics asked for is always checked: on a long scan (a receipt, a letter) even text read
        // upside down can add up to a convincing score, and that turn lost 4-5 of each receipt field.
        if flipped || (doubtful && firstQuality < Self.convincingQuality) || firstQuality < 4 {
            let (other, otherBack) = early.map { ($0.image, $0.back) } ?? Self.turn(work, quarterTurns: flipped ? 0 : 2)
            let otherLines = early?.lines ?? recognize(other, layout: .automatic, why: "other-way")
            let otherQuality = Self.quality(otherLines)
            if traces.textStages {
                FileHandle.standardError.write(Data("ocr orientation statistics \(upright) first \(firstQuality) other \(otherQuality)\n".utf8))
            }
            if otherQuality > firstQuality {
                final = other; back = otherBack; lines = otherLines; flipped.toggle()
            }
            settled = max(firstQuality, otherQuality) >= Self.settlingQuality
        }
        return (final, back, lines, flipped, upright, settled)
    }

    /// `image` read as it is (unless `readAlready` holds that reading) and turned 180°, the reading with more
    /// evidence of upright print (`wayUpEvidence`) kept, the one as it is on a tie; `turnBack` maps the turned
    /// image's points back when the turned one won.
    private func readBothWaysUp(_ image: GrayImage, readAlready: [TesseractEngine.Line]?, why: String)
        -> (lines: [TesseractEngine.Line], image: GrayImage, turnBack: ((Double, Double) -> (Double, Double))?) {
        let asItIs = readAlready ?? recognize(image, layout: .automatic, why: why)
        let (turned, turnBack) = Self.turn(image, quarterTurns: 2)
        let turnedLines = recognize(turned, layout: .automatic, why: "\(why)-other-way")
        return Self.wayUpEvidence(turnedLines) > Self.wayUpEvidence(asItIs) ? (turnedLines, turned, turnBack) : (asItIs, image, nil)
    }

    /// One tesseract pass; with traces on, its purpose, image size and time go to stderr (never the text).
    func recognize(_ image: GrayImage, layout: TesseractEngine.PageLayout, why: String,
                           on other: TesseractEngine? = nil) -> [TesseractEngine.Line] {
        let engine = other ?? self.engine
        if let folder = traces.textImagesFolder {
            try? image.writePNG(to: "\(folder)/ocr-\(ProcessInfo.processInfo.processIdentifier)-\(Self.traceCount.next())-\(why).png")
        }
        guard traces.textStages else { return engine.recognize(image, layout: layout) }
        let start = Date()
        let lines = engine.recognize(image, layout: layout)
        FileHandle.standardError.write(Data("ocr pass \(why) \(image.width)x\(image.height) \(Int(Date().timeIntervalSince(start) * 1000)) ms \(lines.count) lines\n".utf8))
        return lines
    }

    /// Lines from a recognition of an image derived from the source by `transforms`, in the source's pixels.
    static func mapped(_ lines: [TesseractEngine.Line], through transforms: [(Double, Double) -> (Double, Double)]) -> [Line] {
        func toSource(_ x: Double, _ y: Double) -> Point {
            var p = (x, y)
            for step in transforms.reversed() { p = step(p.0, p.1) }
            return Point(x: Int(p.0.rounded()), y: Int(p.1.rounded()))
        }
        func quad(_ b: (left: Int, top: Int, right: Int, bottom: Int)) -> Quad {
            let l = Double(b.left), t = Double(b.top), r = Double(b.right), bo = Double(b.bottom)
            return Quad([toSource(l, t), toSource(r, t), toSource(r, bo), toSource(l, bo)])
        }
        return lines.map { line in
            Line(text: line.text, confidence: line.confidence, bounds: quad(line.box),
                 words: line.words.map { Word(text: $0.text, confidence: $0.confidence, bounds: quad($0.box)) })
        }
    }

    /// The text block of `image` whose corners (in `image`'s pixels) are given, turned by `degrees` to level it,
    /// at a scale where its print (`printSize` pixels tall in `image`) is about `smallPrint` tall — never smaller
    /// than the working size, never over `largestBlockPixels` — and the mapping from the block back to `image`.
    static func levelledBlock(of image: GrayImage, corners: [(x: Double, y: Double)], degrees: Double, printSize: Double,
                              workingFactor: Double) -> (GrayImage, [(Double, Double) -> (Double, Double)]) {
        var transforms: [(Double, Double) -> (Double, Double)] = []
        // 1. The upright rectangle around the block's corners, cut from the photo.
        let x0 = max(0, Int(corners.map(\.x).min()!.rounded(.down))), y0 = max(0, Int(corners.map(\.y).min()!.rounded(.down)))
        let x1 = min(image.width, Int(corners.map(\.x).max()!.rounded(.up))), y1 = min(image.height, Int(corners.map(\.y).max()!.rounded(.up)))
        var block = image.cropped(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
        let ox = Double(x0), oy = Double(y0)
        transforms.append { x, y in (x + ox, y + oy) }
        // 2. Scaled: the working size, or larger where the print is small.
        var scale = workingFactor
        if printSize * scale < smallPrint { scale = min(largestGrowth, smallPrint / printSize) }
        scale = max(min(scale, (largestBlockPixels / Double(block.pixelCount)).squareRoot()), min(workingFactor, 1))
        if abs(scale - 1) > 0.02 {
            let before = block
            block = block.scaled(by: scale)
            let fx = Double(before.width) / Double(block.width), fy = Double(before.height) / Double(block.height)
            transforms.append { x, y in (x * fx, y * fy) }
        }
        // Speckle off, edges kept (a reduction has averaged the speckle already).
        if scale >= 1 { block = block.medianFiltered() }
        // 3. Levelled, then cut to the block itself.
        var local = corners.map { (x: ($0.x - ox) * Double(block.width) / Double(max(1, x1 - x0)),
                                   y: ($0.y - oy) * Double(block.height) / Double(max(1, y1 - y0))) }
        if degrees != 0 {
            let r = degrees * .pi / 180, c = cos(r), s = sin(r)
            let cx = Double(block.width) / 2, cy = Double(block.height) / 2
            let (levelled, back) = block.rotated(byDegrees: degrees)
            let w = Double(levelled.width), h = Double(levelled.height)
            // Forward through the rotation (the inverse of `back`).
            local = local.map { p in
                let dx = p.x - cx, dy = p.y - cy
                return (x: dx * c - dy * s + w / 2, y: dx * s + dy * c + h / 2)
            }
            block = levelled
            transforms.append(back)
        }
        let bx0 = max(0, Int(local.map(\.x).min()!.rounded(.down))), by0 = max(0, Int(local.map(\.y).min()!.rounded(.down)))
        let bx1 = min(block.width, Int(local.map(\.x).max()!.rounded(.up))), by1 = min(block.height, Int(local.map(\.y).max()!.rounded(.up)))
        if bx1 - bx0 > 8, by1 - by0 > 8, bx1 - bx0 < block.width || by1 - by0 < block.height {
            block = block.cropped(x: bx0, y: by0, width: bx1 - bx0, height: by1 - by0)
            let dx = Double(bx0), dy = Double(by0)
            transforms.append { x, y in (x + dx, y + dy) }
        }
        return (block, transforms)
    }

    /// The fallback when too few letter marks are found to measure the text's direction: leptonica's skew search
    /// along both axes (measured on a half-size copy: angles do not depend on scale, and it is four times cheaper).
    private func levelByProjection(_ work: inout GrayImage, _ transforms: inout [(Double, Double) -> (Double, Double)],
                                   _ turns: inout Int, _ deskew: inout Double) {
        let preview = work.scaled(by: 0.5)
        let previewTurned = preview.rotated90Clockwise()
        let across = preview.textSkew(), down = previewTurned.textSkew()
        if let d = down, d.confidence >= 2, d.confidence > (across?.confidence ?? 0) * 1.3 {
            turns = 1
            let (turned, back) = Self.turn(work, quarterTurns: 1)
            work = turned
            transforms.append(back)
        }
        let skewEstimate = turns == 1 ? down : across
        if let skew = skewEstimate, abs(skew.degrees) >= 0.8, skew.confidence >= 2 {
            deskew = -skew.degrees
            let (levelled, back) = work.rotated(byDegrees: deskew)
            work = levelled
            transforms.append(back)
        }
    }

    /// Whether `block` (mapped back to the photo by `mappedBack`, applied last to first) holds print reading along
    /// `readingAlong` degrees upside down (true) or upright (false); nil when the block's rows run more than
    /// `knownWayUpDegrees` off that direction either way (levelled across the lines, or along other print).
    static func upsideDown(_ block: GrayImage, mappedBack: [(Double, Double) -> (Double, Double)], readingAlong degrees: Double) -> Bool? {
        func toSource(_ x: Double, _ y: Double) -> (Double, Double) {
            mappedBack.reversed().reduce((x, y)) { p, step in step(p.0, p.1) }
        }
        let cx = Double(block.width) / 2, cy = Double(block.height) / 2, reach = max(8, Double(block.width) / 4)
        let a = toSource(cx - reach, cy), b = toSource(cx + reach, cy)
        let (dx, dy) = (b.0 - a.0, b.1 - a.1)
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return nil }
        let r = degrees * .pi / 180
        let cosine = (dx * cos(r) + dy * sin(r)) / length
        let limit = cos(knownWayUpDegrees * .pi / 180)
        return cosine >= limit ? false : (cosine <= -limit ? true : nil)
    }
    static let knownWayUpDegrees = 30.0

    /// Turns an image clockwise by quarter turns and returns the point mapping back.
    static func turn(_ image: GrayImage, quarterTurns: Int) -> (GrayImage, (Double, Double) -> (Double, Double)) {
        let w = Double(image.width), h = Double(image.height)
        switch quarterTurns % 4 {
        case 1: return (image.rotated90Clockwise(), { x, y in (y, h - 1 - x) })
        case 2: return (image.rotated180(), { x, y in (w - 1 - x, h - 1 - y) })
        case 3: return (image.rotated90CounterClockwise(), { x, y in (w - 1 - y, x) })
        default: return (image, { x, y in (x, y) })
        }
    }
}
