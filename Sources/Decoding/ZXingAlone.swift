import CardModel
import Imaging

/// zxing-cpp 3 on its own, as a program calling `ReadBarcodes(image, options)` with zxing-cpp's default options
/// (try harder, rotate, invert, downscale) on every format cardscan knows would read: the library a user would
/// otherwise pick, which the barcode benchmark and the corpus tests measure cardscan against in the same run.
public enum ZXingAlone {
    public static func read(_ image: GrayImage) -> [Barcode] {
        ZXingReader().read(image, pass: .init(formats: Set(BarcodeFormat.allCases), tryInvert: true))
    }
}
