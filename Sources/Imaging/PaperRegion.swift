/// Finding the card (or label, or sheet) in a photo by its surface rather than by its print: paper is the smooth
/// part of a frame, a textured desk (granite, carpet, coarse wood) is not, and the print on the paper makes rough
/// patches inside the paper's outline. Used when a photo's reading does not convince: a desk whose grain is
/// letter-sized outvotes a card's print for the direction of the lines, and tesseract takes a frame that is mostly
/// texture for a picture.
extension GrayImage {
    /// The photo with everything off the paper set to the paper's own grey, so that only the paper's print is
    /// left to find; nil when no region looks like paper (smooth, holding print, neither a speck nor the frame).
    public func paperMasked() -> GrayImage? {
        guard let region = paperRegion() else { return nil }
        let level = region.level
        var out = self
        let sx = Double(region.width) / Double(width), sy = Double(region.height) / Double(height)
        for y in 0..<height {
            let ry = Swift.min(region.height - 1, Int(Double(y) * sy))
            for x in 0..<width where !region.inside[ry * region.width + Swift.min(region.width - 1, Int(Double(x) * sx))] {
                out[x, y] = level
            }
        }
        return out
    }

    /// The paper as a mask at a small scale (`width` x `height`), and its typical grey in this image.
    struct PaperRegion {
        let width: Int, height: Int
        let inside: [Bool]
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
        var best: [Bool]?
        for id in sizes.indices.sorted(by: { sizes[$0] > sizes[$1] }).prefix(6) where sizes[id] * 100 >= n {
            guard let level = medians[id] else { continue }
            let members = Set(medians.filter { abs($0.value - level) <= 20 }.keys)
            let hull = ConvexHull.of((0..<n).filter { members.contains(label[$0]) }.map { (x: $0 % w, y: $0 / w) },
                                     x: { Double($0.x) }, y: { Double($0.y) })
            let inside = (0..<n).map { Self.isInside(x: $0 % w, y: $0 / w, hull: hull) }
            let area = inside.reduce(0) { $1 ? $0 + 1 : $0 }
            let rough = (0..<n).reduce(0) { inside[$1] && !smooth[$1] ? $0 + 1 : $0 }
            let memberArea = members.reduce(0) { $0 + sizes[$1] }
            if area * 100 >= n * 3, area * 100 <= n * 85, rough * 100 >= area, memberArea * 2 >= area { best = inside; break }
        }
        guard var inside = best else { return nil }
        // Grown by two small pixels: print at the paper's edge is kept whole.
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
        // The paper's grey: the median of its smooth pixels (the print is dark on light paper, light on dark).
        let paper = Self.medians(of: small, label: (0..<n).map { inside[$0] && smooth[$0] ? 0 : -1 }, sizes: [n], atLeast: 0)
        return PaperRegion(width: w, height: h, inside: inside, level: UInt8(paper[0] ?? 255))
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
