import Imaging

/// Finding the card (or label, or sheet) in a photo by its surface rather than by its print: paper is the smooth
/// part of a frame, a textured desk (granite, carpet, coarse wood) is not, and the print on the paper makes rough
/// patches inside the paper's outline. Used when a photo's reading does not convince, or when the print's marks
/// were found all over the frame: a desk whose grain is letter-sized outvotes a card's print for the direction of
/// the lines, and tesseract takes a frame that is mostly texture for a picture.
extension GrayImage {
    /// The photo with everything off the paper set to the paper's own grey, so that only the paper's print is
    /// left to find; nil when no region looks like paper (smooth, holding print, neither a speck nor the frame).
    /// The most card-like outline: `paperMasks().first`.
    public func paperMasked() -> GrayImage? { paperMasks().first }

    /// The photo masked to each outline the paper may have, the most card-like first: the rectangle around the
    /// smooth parts' hull (when it was taken), then the hull itself. Empty when no region looks like paper. Lazy:
    /// a mask is made only when the reading before it did not convince.
    public func paperMasks() -> LazyMapCollection<[[Bool]], GrayImage> {
        guard let region = paperRegion() else { return [[Bool]]().lazy.map { _ in self } }
        let sx = Double(region.width) / Double(width), sy = Double(region.height) / Double(height)
        return region.outlines.lazy.map { inside in
            var out = self
            for y in 0..<height {
                let ry = Swift.min(region.height - 1, Int(Double(y) * sy))
                for x in 0..<width where !inside[ry * region.width + Swift.min(region.width - 1, Int(Double(x) * sx))] {
                    out[x, y] = region.level
                }
            }
            return out
        }
    }

    /// The paper's outlines as masks at a small scale (`width` x `height`), the most card-like first, and its
    /// typical grey in this image.
    struct PaperRegion {
        let width: Int, height: Int
        let outlines: [[Bool]]
        let level: UInt8
    }

    /// Long side of the copy the surface is judged on: letters shrink to smudges, a desk's grain stays grain.
    static let paperLongSide = 256.0

    func paperRegion() -> PaperRegion? {
        let longSide = Double(Swift.max(width, height))
        let small = longSide > Self.paperLongSide ? scaled(by: Self.paperLongSide / longSide) : self
        let w = small.width, h = small.height, n = w * h
        guard w >= 16, h >= 16 else { return nil }

        // Texture: the mean step to the right and down neighbours over a 3x3 window.
        var step = [Int](repeating: 0, count: n)
        for y in 0..<(h - 1) {
            for x in 0..<(w - 1) {
                let v = Int(small[x, y])
                step[y * w + x] = abs(Int(small[x + 1, y]) - v) + abs(Int(small[x, y + 1]) - v)
            }
        }
        var texture = [Int](repeating: 0, count: n)
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                var sum = 0
                for dy in -1...1 { for dx in -1...1 { sum += step[(y + dy) * w + x + dx] } }
                texture[y * w + x] = sum
            }
        }
        // Smooth: close to the smoothest part of the frame (paper's own noise, whatever the sensor's), judged on
        // the smoothest 2.5%, as a card may fill only a few percent of a frame.
        let sorted = texture.sorted()
        let floor = sorted[n / 40]
        let smoothBelow = Swift.max(27, floor * 3)
        var smooth = texture.map { $0 < smoothBelow }
        for x in 0..<w { smooth[x] = false; smooth[(h - 1) * w + x] = false }
        for y in 0..<h { smooth[y * w] = false; smooth[y * w + w - 1] = false }

        // The paper: the largest smooth region, with every other smooth part of about its grey (lines of print
        // across a card cut its smooth surface into bands), as the convex shape around them all. It must hold
        // print (rough parts inside it) and be neither a speck nor (nearly) the whole frame, where it is the desk.
        let (label, sizes) = Self.components(of: smooth, width: w, height: h)
        let medians = Self.medians(of: small, label: label, sizes: sizes, atLeast: (n + 499) / 500)
        var best: [[Bool]]?
        for id in sizes.indices.sorted(by: { sizes[$0] > sizes[$1] }).prefix(6) where sizes[id] * 100 >= n {
            guard let level = medians[id] else { continue }
            let members = Set(medians.filter { abs($0.value - level) <= 20 }.keys)
            let hull = ConvexHull.of((0..<n).filter { members.contains(label[$0]) }.map { (x: $0 % w, y: $0 / w) },
                                     x: { Double($0.x) }, y: { Double($0.y) })
            let inside = (0..<n).map { Self.isInside(x: $0 % w, y: $0 / w, hull: hull) }
            let area = inside.reduce(0) { $1 ? $0 + 1 : $0 }
            let rough = (0..<n).reduce(0) { inside[$1] && !smooth[$1] ? $0 + 1 : $0 }
            let memberArea = members.reduce(0) { $0 + sizes[$1] }
            if area * 100 >= n * 3, area * 100 <= n * 85, rough * 100 >= area, memberArea * 2 >= area {
                // A card is a rectangle (a trapezoid in perspective). Where its print runs close to an edge, no
                // smooth pixel marks the corner, and the hull cuts the corner off with the print in it (a letter's
                // address block at its top left). The smallest rectangle around the hull puts the corner back; it
                // is taken when it adds little to the hull, else the hull is no card's shape (a card cut by glare).
                // Both are kept, the rectangle first: on a small bank card the rectangle took in the desk's edge
                // and its reading lost the holder's name, which the hull's kept.
                var outlines = [inside]
                if let rectangle = Self.smallestRectangle(around: hull), rectangle.area <= Self.rectangleAllowance * Double(area) {
                    outlines.insert((0..<n).map { rectangle.contains(Double($0 % w), Double($0 / w)) }, at: 0)
                }
                best = outlines; break
            }
        }
        guard let best else { return nil }
        // Grown by two small pixels: print at the paper's edge is kept whole.
        let outlines = best.map { outline -> [Bool] in
            var inside = outline
            for _ in 0..<2 {
                var grown = inside
                for y in 1..<(h - 1) {
                    for x in 1..<(w - 1) where !inside[y * w + x] {
                        if inside[y * w + x - 1] || inside[y * w + x + 1] || inside[(y - 1) * w + x] || inside[(y + 1) * w + x] {
                            grown[y * w + x] = true
                        }
                    }
                }
                inside = grown
            }
            return inside
        }
        // The paper's grey: the median of the smooth pixels inside the hull (the print is dark on light paper,
        // light on dark).
        let hull = outlines[outlines.count - 1]
        let paper = Self.medians(of: small, label: (0..<n).map { hull[$0] && smooth[$0] ? 0 : -1 }, sizes: [n], atLeast: 0)
        return PaperRegion(width: w, height: h, outlines: outlines, level: UInt8(paper[0] ?? 255))
    }

    /// How much larger than the paper's hull the rectangle around it may be and still be taken for the paper.
    static let rectangleAllowance = 1.25

    /// The smallest-area rectangle holding every point of a convex `hull` (one side lies along a hull edge), as a
    /// membership test and its area.
    static func smallestRectangle(around hull: [(x: Int, y: Int)]) -> (contains: (Double, Double) -> Bool, area: Double)? {
        guard hull.count >= 3 else { return nil }
        var best: (ux: Double, uy: Double, u: ClosedRange<Double>, v: ClosedRange<Double>, area: Double)?
        for k in hull.indices {
            let a = hull[k], b = hull[(k + 1) % hull.count]
            let dx = Double(b.x - a.x), dy = Double(b.y - a.y), length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            let ux = dx / length, uy = dy / length
            let us = hull.map { Double($0.x) * ux + Double($0.y) * uy }, vs = hull.map { -Double($0.x) * uy + Double($0.y) * ux }
            let u = us.min()!...us.max()!, v = vs.min()!...vs.max()!
            let area = (u.upperBound - u.lowerBound + 1) * (v.upperBound - v.lowerBound + 1)
            if best == nil || area < best!.area { best = (ux, uy, u, v, area) }
        }
        guard let r = best else { return nil }
        return ({ x, y in r.u.contains(x * r.ux + y * r.uy) && r.v.contains(-x * r.uy + y * r.ux) }, r.area)
    }

    /// The 4-connected regions of `mask`: each pixel's region (-1 off the mask) and each region's size.
    static func components(of mask: [Bool], width w: Int, height h: Int) -> (label: [Int], sizes: [Int]) {
        var label = [Int](repeating: -1, count: mask.count)
        var sizes: [Int] = []
        var stack: [Int] = []
        for start in 0..<mask.count where mask[start] && label[start] < 0 {
            let id = sizes.count
            var size = 0
            label[start] = id; stack.append(start)
            while let i = stack.popLast() {
                size += 1
                let x = i % w, y = i / w
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && nx < w && ny >= 0 && ny < h {
                    let j = ny * w + nx
                    if mask[j] && label[j] < 0 { label[j] = id; stack.append(j) }
                }
            }
            sizes.append(size)
        }
        return (label, sizes)
    }

    /// The median grey of each region of `label` of at least `atLeast` pixels, in one pass over the image.
    static func medians(of image: GrayImage, label: [Int], sizes: [Int], atLeast: Int) -> [Int: Int] {
        var histograms: [Int: [Int]] = [:]
        for id in sizes.indices where sizes[id] >= atLeast { histograms[id] = [Int](repeating: 0, count: 256) }
        for i in 0..<(image.width * image.height) where label[i] >= 0 && histograms[label[i]] != nil {
            histograms[label[i], default: []][Int(image.pixels[(i / image.width) * image.stride + i % image.width])] += 1
        }
        return histograms.compactMapValues { histogram in
            let count = histogram.reduce(0, +)
            guard count > 0 else { return nil }
            var level = 0, below = 0
            while level < 255, below + histogram[level] <= count / 2 { below += histogram[level]; level += 1 }
            return level
        }
    }

    /// Inside a hull `ConvexHull` made (clockwise as seen, so every edge has the inside on its right).
    static func isInside(x: Int, y: Int, hull: [(x: Int, y: Int)]) -> Bool {
        guard hull.count > 2 else { return false }
        for k in hull.indices {
            let a = hull[k], b = hull[(k + 1) % hull.count]
            if (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) < 0 { return false }
        }
        return true
    }
}
