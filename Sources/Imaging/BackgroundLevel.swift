extension GrayImage {
    /// Whether the paper's light level varies so much across the image that one grey threshold cannot serve it
    /// all: the lightest-quarter level of the darkest quarter of tiles (`backgroundLevels`) under `ratio` times
    /// that of the lit tiles (their 90th percentile). A card cut loosely from a dark desk is uneven this way, and
    /// so is a card in a shadow; a card that fills its block, or a letter lit evenly, is not.
    public func hasUnevenBackground(ratio: Double = 0.5) -> Bool {
        let levels = backgroundLevels()
        guard levels.count >= 4 else { return false }
        func level(at share: Double) -> Double { Double(levels[Int(share * Double(levels.count - 1))]) }
        return level(at: 0.25) < ratio * level(at: 0.9)
    }

    /// The paper's light level across the image: for each tile of `tile` x `tile` pixels, the level below which
    /// 90% of its pixels lie (the background around the print, not the print), sorted lightest last.
    public func backgroundLevels(tile: Int = 32) -> [UInt8] {
        guard width >= tile, height >= tile else { return [] }
        var levels: [UInt8] = []
        levels.reserveCapacity((width / tile) * (height / tile))
        var histogram = [Int](repeating: 0, count: 256)
        let share = tile * tile * 9 / 10
        for ty in 0..<(height / tile) {
            for tx in 0..<(width / tile) {
                for i in histogram.indices { histogram[i] = 0 }
                for y in (ty * tile)..<(ty * tile + tile) {
                    let row = y * stride + tx * tile
                    for x in row..<(row + tile) { histogram[Int(pixels[x])] += 1 }
                }
                var below = 0, level = 0
                while level < 255, below + histogram[level] < share { below += histogram[level]; level += 1 }
                levels.append(UInt8(level))
            }
        }
        return levels.sorted()
    }
}

extension GrayImage {
    /// The image with the wide dark areas around the paper (a dark desk, a cloth, the gap beside a curved
    /// wristband) made white, print and paper kept as they are. Tesseract binarises a block at one grey level
    /// and sorts it into regions: a block two-thirds black desk around a light band can come back with no text at
    /// all (a levelled wristband on a black desk read one junk line; the same pixels with the desk whitened read
    /// every line). Meant for a block whose background has been flattened first (`backgroundFlattened`): that
    /// lifts a shadow on the paper to the paper's level, so what stays dark over a wide area is not paper.
    ///
    /// A grey closing (max then min over `window` x `window`) removes every dark mark narrower than the window —
    /// letters, bars — and keeps dark areas wider than it; where that closing is under `ratio` times the paper's
    /// level (its 90th percentile) the pixel is desk. The corresponding C function is `pixCloseGray`.
    public func deskWhitened(window: Int = 31, ratio: Double = 0.5) -> GrayImage {
        _ = LeptonicaPix.silenceMessages
        guard width > window, height > window, let gray = LeptonicaPix(gray: self),
              let closed = gray.closedGray(size: window | 1)?.copyGray8() else { return self }
        var histogram = [Int](repeating: 0, count: 256)
        for y in 0..<closed.height {
            for x in 0..<closed.width { histogram[Int(closed[x, y])] += 1 }
        }
        let count = closed.width * closed.height
        var paper = 0, below = 0
        while paper < 255, below + histogram[paper] < count * 9 / 10 { below += histogram[paper]; paper += 1 }
        let desk = UInt8(Double(paper) * ratio)
        var out = self
        for y in 0..<height {
            for x in 0..<width where closed[x, y] < desk { out[x, y] = 255 }
        }
        return out
    }
}
