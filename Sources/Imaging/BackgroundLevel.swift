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
