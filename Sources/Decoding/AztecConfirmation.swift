import CardModel
import Foundation
import Imaging

/// zxing-cpp 1.4's Aztec decoder can read memory it never wrote: on ../shared/corpus/barcodes/aztec-1/padding_bs.png
/// the padding at the end of the data is taken for a binary shift, and 31 bytes are read past the data (996 right
/// bytes, then 31 that change from run to run). A result that depends on what happened to be in memory must never
/// be reported. Two checks:
/// - content that cannot fit in the data bits the decoder says it used is refused (deterministic: this is what
///   refuses padding_bs.png, every run);
/// - every Aztec result is decoded twice more with the heap filled with two different patterns (glibc's M_PERTURB;
///   see the shim) and kept only when all three agree: where the decoder reads only what it wrote, the patterns
///   cannot change its answer (best effort for over-reads the first check cannot see).
enum AztecConfirmation {
    /// The symbol's box grown by half its size each way, clipped to the image.
    static func neighbourhood(of bounds: Quad, in image: GrayImage) -> GrayImage {
        let margin = max(16, max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY) / 2)
        let x0 = max(0, bounds.minX - margin), y0 = max(0, bounds.minY - margin)
        let x1 = min(image.width, bounds.maxX + margin), y1 = min(image.height, bounds.maxY + margin)
        guard x1 - x0 >= 8, y1 - y0 >= 8 else { return image }
        return image.cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `bytes` can be encoded in `bits` data bits. A lower bound on the cost of each byte: a byte no
    /// text mode holds (NUL, controls 14-26, 128-255) needs a binary shift, 8 bits; any other byte at least 2.5
    /// (punctuation mode codes pairs such as ". " in 5 bits), counted as 2. `bits` of 0 means unknown: no check.
    static func fits(_ bytes: [UInt8], inBits bits: Int) -> Bool {
        guard bits > 0 else { return true }
        let binaryOnly = bytes.filter { $0 == 0 || (14...26).contains($0) || $0 >= 128 }.count
        return 8 * binaryOnly + 2 * (bytes.count - binaryOnly) <= bits
    }

    /// Perturbation is process-wide: one confirmation at a time, so another thread's cannot swap the pattern
    /// in the middle of ours. Aztec results are rare, so nobody waits long.
    private static let lock = NSLock()

    /// `found` without the Aztec results that a re-decode of `image` with `pass` under each heap pattern does not
    /// reproduce byte for byte.
    static func confirmed(_ found: [Barcode], image: GrayImage, pass: ZXingReader.Pass,
                          decode: (GrayImage, ZXingReader.Pass) -> [Barcode]) -> [Barcode] {
        guard found.contains(where: { $0.format == .aztec }) else { return found }
        // The re-decodes look for Aztec only, around the symbol found (a full pass over a photo for every format,
        // twice, would cost more than the first pass did); where that finds nothing, over the whole image.
        var again: [[Barcode]] = []
        var focused = pass
        focused.formats = [.aztec]
        focused.maxSymbols = 1
        let regions = found.filter { $0.format == .aztec }.map { neighbourhood(of: $0.bounds, in: image) }
        lock.lock()
        for pattern: Int32 in [0x5A, 0xA5] {
            ZXingReader.perturbHeap(with: pattern)
            var run: [Barcode] = []
            for region in regions {
                let local = pass.isPure ? [] : decode(region, focused)
                run += local.isEmpty ? decode(image, pass) : local
            }
            again.append(run)
        }
        ZXingReader.perturbHeap(with: 0)
        lock.unlock()
        return found.filter { barcode in
            guard barcode.format == .aztec else { return true }
            let content = barcode.bytes ?? Array(barcode.text.utf8)
            return again.allSatisfy { run in
                run.contains { $0.format == .aztec && ($0.bytes ?? Array($0.text.utf8)) == content && $0.text == barcode.text }
            }
        }
    }
}
