import CardModel
import Foundation
import Imaging

/// An image variant to retry on, and how to take what is found there back to the source image's pixels.
struct ImageVariant {
    let image: GrayImage
    let toSource: (Point) -> Point

    func mapToSource(_ b: Barcode) -> Barcode {
        var mapped = b
        mapped.bounds = b.bounds.mapped(toSource)
        return mapped
    }

    /// `image` resized by `factor`, with the mapping back to `image`'s pixels.
    static func scaled(_ image: GrayImage, by factor: Double) -> ImageVariant {
        let scaled = image.scaled(by: factor)
        let fx = Double(image.width) / Double(scaled.width), fy = Double(image.height) / Double(scaled.height)
        return ImageVariant(image: scaled, toSource: { Point(x: Int(Double($0.x) * fx), y: Int(Double($0.y) * fy)) })
    }

    /// The part of `image` around `bounds` (half the code's extent, at least 24 px, on every side), with the
    /// mapping back.
    static func neighbourhood(of bounds: Quad, in image: GrayImage) -> ImageVariant {
        let margin = max(24, bounds.longSide / 2)
        return region(around: bounds, in: image, dx: margin, dy: margin)
    }

    /// The part of `image` reaching `dx` pixels left and right of `bounds` and `dy` above and below, with the
    /// mapping back; the whole image when that part would be empty.
    static func region(around bounds: Quad, in image: GrayImage, dx: Int, dy: Int) -> ImageVariant {
        let x0 = max(0, bounds.minX - dx), y0 = max(0, bounds.minY - dy)
        let x1 = min(image.width, bounds.maxX + dx), y1 = min(image.height, bounds.maxY + dy)
        guard x1 - x0 >= 8, y1 - y0 >= 8 else { return ImageVariant(image: image, toSource: { $0 }) }
        return ImageVariant(image: image.cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0),
                            toSource: { Point(x: $0.x + x0, y: $0.y + y0) })
    }

    /// Where a point of a variant of this variant's image lands in the source: the two mappings one after the other.
    func then(_ inner: ImageVariant) -> ImageVariant {
        let outer = toSource
        return ImageVariant(image: inner.image, toSource: { outer(inner.toSource($0)) })
    }
}

/// One retry: what to make from the image, how zxing looks at it, and what it costs.
struct RetryAttempt {
    let name: String
    /// Work, in units of the first pass on the same image (measured: release build, 2-core EPYC, on the corpus's
    /// 640x480 photos without codes). Budgets count work rather than seconds, so the same image gets the same
    /// retries, and the same result, on any machine, under any load and in debug builds.
    let cost: Double
    let make: (GrayImage) -> ImageVariant
    var zxingTryRotate = true
    /// zxing also reads smaller copies of the variant it makes itself (its image pyramid).
    var zxingPyramid = true
    var zxingGlobalHistogram = false
    var zbarToo = true
    /// zxing looks only for Data Matrix, PDF417 and Aztec on this variant.
    var matrixFormatsOnly = false
    /// QR is looked for by our own finder-pattern locator (`SymbolReader.readQR`), not by zxing's detector.
    var qrByOurLocator = false
    /// Where this variant reads nothing, zxing also reads its half-size copy for the 2D formats.
    var matrixAtHalfSizeToo = false
}

/// The order of retries after a first pass found nothing. Each step recovers a kind of miss seen in real photos:
/// codes too small for the decoders' sampling (upscale), large noisy photos (downscale averages noise and brings
/// modules to a size the detectors like), uneven light (local binarisation, the other zxing binarizer), light-on-dark
/// (inversion; zbar inverts itself) and linear codes at an angle zbar's horizontal/vertical scan lines cross badly.
enum RetryPlan {
    /// Cheapest and most often useful first (measured on the public corpus and on rendered codes; see README):
    /// small codes upscaled, inversion, a quiet zone added, large photos downscaled, 2D codes turned back by
    /// 10°, 20° and 30°, zxing's other binarizer, a local binarisation, steeper turns, a mid-size upscale.
    /// `straightening` false leaves out the turn by the image's strongest edge direction (`BarcodeReader` makes
    /// that turn on the full-size image of a large photo itself).
    static func attempts(for image: GrayImage, straightening: Bool = true) -> [RetryAttempt] {
        let longSide = max(image.width, image.height)
        var plan: [RetryAttempt] = []
        if longSide < 640 {
            plan.append(scale(2))
        }
        if longSide < 240 {
            plan.append(scale(3))
        }
        // Large photos: a half-size copy first (it averages sensor noise and costs a quarter of a pass).
        if longSide > 1500 {
            plan.append(scale(0.5))
        }
        if straightening, let straightened = straightened(image) { plan.append(straightened) }
        // Light on dark: zxing alone, which reads every format (zbar's sweep of the inverted copy cost more than
        // zxing's and never read a code zxing missed there; upright, zxing alone reads 95 of zbar's 100 corpus reads).
        // Cost 0.5: measured against the first pass, 0.63 on the corpus's codeless photos, 0.3 on card photos.
        // QR by our locator: zxing-cpp's QR detector tries every three of its finder candidates together, and
        // its binarizer turns an inverted fine weave (paper or cloth behind a code) into a grid of dots, each a
        // candidate: 61-87 s on one photo of our held-out seed 11 with zxing-cpp 1.4 (not measured again with 3).
        plan.append(RetryAttempt(name: "inverted", cost: 0.5, make: { ImageVariant(image: $0.inverted(), toSource: { $0 }) },
                                 zxingPyramid: false, zbarToo: false, qrByOurLocator: true))
        // An image cropped tight to the code leaves no quiet zone, which the detectors need. (Such images are
        // small: the code is all there is. In a large photo the code is rarely at the very edge.)
        if longSide < 640 {
            let border = max(10, longSide / 10)
            plan.append(RetryAttempt(name: "quiet-zone", cost: 1.3, make: { image in
                ImageVariant(image: image.padded(by: border), toSource: { Point(x: $0.x - border, y: $0.y - border) })
            }))
        }
        if longSide > 900, longSide <= 1500 {
            plan.append(scale(0.5))
        }
        // zxing-cpp 1.4 read PDF417 (and some Aztec) only within about 6° of upright (measured on rendered
        // codes: 4° read, 7° not), and zxing-cpp 3 still loses turned PDF417 on card photos (cards-dev 0031): a
        // card photographed at an angle needs turning back, in steps of 10° so some step lands within 5°. Linear
        // codes and QR do not need it (scan lines cross a turned code's bars all the same; QR finders are
        // rotation-free), so these passes are zxing's, for the 2D formats only.
        for degrees in [-10.0, 10.0, -20.0, 20.0, -30.0, 30.0] {
            plan.append(rotate(degrees))
        }
        plan.append(RetryAttempt(name: "global-histogram", cost: 0.35, make: identity, zxingGlobalHistogram: true, zbarToo: false))
        plan.append(RetryAttempt(name: "binarized", cost: 1.5, make: { ImageVariant(image: $0.binarized(), toSource: { $0 }) }))
        if longSide > 1800 {
            plan.append(scale(0.33))
        }
        for degrees in [-40.0, 40.0] {
            plan.append(rotate(degrees))
        }
        if longSide >= 640, longSide < 1200 {
            plan.append(scale(1.5))
        }
        return plan
    }

    private static func identity(_ image: GrayImage) -> ImageVariant { ImageVariant(image: image, toSource: { $0 }) }

    static func scale(_ factor: Double) -> RetryAttempt {
        RetryAttempt(name: "scale\(factor)", cost: 1.3 * factor * factor, make: { ImageVariant.scaled($0, by: factor) })
    }

    /// The image turned so its strongest edge direction is upright (StripeAngle), for every format and both
    /// readers: a long linear code or a PDF417 on a card turned by 5-45° reads there in one pass. Where the image
    /// as a whole looks upright, its most bar-like patch may still lean (`ofBars`): then by that. (Preferring the
    /// patch's angle everywhere lost three codes on cards-dev's remakes for the one it gained: the most bar-like
    /// patch is not always the code.) Nothing when neither leans.
    static func straightened(_ image: GrayImage) -> RetryAttempt? {
        let whole = StripeAngle.of(image).flatMap { abs($0) >= 4 ? $0 : nil }
        guard let angle = whole ?? StripeAngle.ofBars(image), abs(angle) >= 4 else { return nil }
        var attempt = rotate(-angle)
        attempt = RetryAttempt(name: "straightened", cost: 1.8, make: attempt.make)
        attempt.matrixAtHalfSizeToo = true
        return attempt
    }

    static func rotate(_ degrees: Double) -> RetryAttempt {
        RetryAttempt(name: "rotate\(degrees)", cost: 1.0, make: { image in
            let (rotated, toSource) = image.rotated(byDegrees: degrees)
            return ImageVariant(image: rotated, toSource: { p in
                let (x, y) = toSource(Double(p.x), Double(p.y))
                return Point(x: Int(x.rounded()), y: Int(y.rounded()))
            })
        }, zxingTryRotate: false, zxingPyramid: false, zbarToo: false, matrixFormatsOnly: true)
    }
}
