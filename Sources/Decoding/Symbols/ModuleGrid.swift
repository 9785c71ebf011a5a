import Imaging

/// A symbol's modules as sampled: `true` is dark. Row 0 is the top row as the symbol reads.
struct ModuleGrid: Equatable, Sendable {
    let columns: Int
    let rows: Int
    private(set) var dark: [Bool]

    init(columns: Int, rows: Int, dark: [Bool]? = nil) {
        self.columns = columns; self.rows = rows
        self.dark = dark ?? [Bool](repeating: false, count: columns * rows)
    }

    subscript(column: Int, row: Int) -> Bool {
        get { dark[row * columns + column] }
        set { dark[row * columns + column] = newValue }
    }

    /// The grid drawn as a clean, upright image: `scale` pixels per module, `quietZone` light modules each side.
    /// This is what zxing-cpp decodes best (its pure-symbol path skips the detectors that lose photographed
    /// symbols), and it is the same image whatever the photo's light, blur or ink spread were.
    func rendered(scale: Int = 4, quietZone: Int = 2) -> GrayImage {
        let w = (columns + 2 * quietZone) * scale, h = (rows + 2 * quietZone) * scale
        var image = GrayImage(width: w, height: h, filledWith: 255)
        for r in 0..<rows {
            for c in 0..<columns where self[c, r] {
                for y in 0..<scale { for x in 0..<scale { image[(c + quietZone) * scale + x, (r + quietZone) * scale + y] = 0 } }
            }
        }
        return image
    }
}
