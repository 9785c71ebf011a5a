import CardModel
import Imaging

/// Our own finding for the 2D formats zxing-cpp 1.4 detects poorly in photos (small, tilted, curved symbols):
/// locate each candidate symbol, sample its module grid, draw the grid as a clean upright symbol and let zxing's
/// pure path decode that. zxing still does all the decoding (Reed-Solomon, ECC 200, Aztec modes); we replace only
/// its detectors.
struct SymbolReader {
    let zxing: ZXingReader

    /// Every Data Matrix and Aztec symbol found in `image`, in `image`'s pixels.
    func read(_ image: GrayImage, formats: Set<BarcodeFormat>) -> [Barcode] {
        var found: [Barcode] = []
        let binary = image.binarized(window: 31, offset: 6)
        if formats.contains(.dataMatrix) {
            found += readDataMatrix(image, binary: binary)
        }
        return found
    }

    private func readDataMatrix(_ image: GrayImage, binary: GrayImage) -> [Barcode] {
        let shortSide = min(image.width, image.height)
        let blobs = DarkBlobs.find(in: binary, minSide: 14, maxSide: shortSide * 9 / 10)
            .filter { blob in
                // Square-ish and mostly dark once grown: a symbol, not a line of text or a bar.
                let aspect = Double(max(blob.width, blob.height)) / Double(min(blob.width, blob.height))
                return aspect <= 3.5 && blob.pixelCount * 10 >= blob.width * blob.height * 3
            }
            .sorted { $0.pixelCount > $1.pixelCount }
        var found: [Barcode] = []
        for blob in blobs.prefix(12) {
            guard let quad = QuadFit.corners(of: blob.hull),
                  let symbol = DataMatrixLocator.locate(in: image, outline: quad) else { continue }
            if let barcode = decode(symbol.grid, format: .dataMatrix, corners: symbol.corners),
               !found.contains(where: { $0.text == barcode.text }) {
                found.append(barcode)
            }
        }
        return found
    }

    /// zxing's pure path on the drawn grid; a mirrored print reads as the transposed grid.
    private func decode(_ grid: ModuleGrid, format: BarcodeFormat, corners: [PointF]) -> Barcode? {
        let pass = ZXingReader.Pass(formats: [format], tryHarder: false, tryRotate: false, tryDownscale: false,
                                    isPure: true, maxSymbols: 1)
        guard var barcode = zxing.read(grid.rendered(), pass: pass).first else { return nil }
        barcode.bounds = Quad(corners.map { Point(x: Int($0.x.rounded()), y: Int($0.y.rounded())) })
        return barcode
    }
}
