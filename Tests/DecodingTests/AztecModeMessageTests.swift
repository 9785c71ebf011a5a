@testable import Decoding
import CardModel
import Imaging
import XCTest

/// The Aztec pieces decoded here rather than by zxing-cpp 1.4: the mode message's Reed-Solomon code over GF(16),
/// runes (1.4 has none), and the refusal of a result that depends on memory the decoder never wrote.
final class AztecModeMessageTests: XCTestCase {
    /// The mode message of ../shared/corpus/barcodes/aztec-1/az-thick.png as sampled from the photo: a full-range
    /// symbol, 6 layers, 109 data codewords (layers-1 = 5 and codewords-1 = 108 in 16 bits, then 24 check bits).
    static let azThickWords: [UInt8] = [0x2, 0x8, 0x6, 0xC, 0xF, 0x7, 0x7, 0xD, 0x1, 0xA]

    static func bits(_ words: [UInt8]) -> [Bool] { words.flatMap { w in (0..<4).map { w >> (3 - $0) & 1 == 1 } } }

    func testFullModeMessage() {
        XCTAssertEqual(GF16ReedSolomon.full.codeword(0x286C), GF16ReedSolomon.pack(Self.azThickWords))
        XCTAssertEqual(AztecModeMessage.decode(Self.bits(Self.azThickWords), compact: false), .symbol(layers: 6, dataCodewords: 109))
        XCTAssertEqual(AztecModeMessage.size(layers: 6, compact: false), 41)
    }

    func testCorrectsUpToHalfTheCheckWords() {
        var damaged = Self.azThickWords
        damaged[0] ^= 0x5; damaged[4] ^= 0xF; damaged[9] ^= 0x1  // three words wrong: the most 6 check words fix
        XCTAssertEqual(GF16ReedSolomon.full.decode(damaged)?.value, 0x286C)
        damaged[6] ^= 0x3  // a fourth: refused, never "corrected" to something else
        XCTAssertNil(GF16ReedSolomon.full.decode(damaged))
    }

    /// A rune's message is a compact message with alternate bits inverted, so neither passes for the other.
    func testRuneAndCompactMessagesAreApart() {
        let value = 0x5A  // rune 90
        let words = (0..<7).map { i in UInt8((GF16ReedSolomon.compact.codeword(value) >> (4 * (6 - UInt64(i)))) & 0xF) }
        XCTAssertEqual(AztecModeMessage.decode(Self.bits(words), compact: true), .symbol(layers: 2, dataCodewords: 27))
        XCTAssertEqual(AztecModeMessage.decode(Self.bits(words.map { $0 ^ 0b1010 }), compact: true), .rune(0x5A))
    }

    /// Runes and the ink-spread symbols of the public corpus, which zxing-cpp 1.4 alone does not read.
    func testCorpusRunesAndInkSpread() throws {
        let reader = BarcodeReader()
        for name in ["rune-1", "rune-64", "rune-68", "rune-223", "az-thick", "az-thin"] {
            let base = "\(TestPaths.corpus)/aztec-1/\(name)"
            try TestPaths.requireCorpus(base + ".png")
            let expected = try String(contentsOfFile: base + ".txt", encoding: .utf8)
            let found = reader.read(try ImageLoader().load(contentsOf: base + ".png"))
            XCTAssertTrue(found.contains { $0.format == .aztec && ($0.text == expected || $0.text + "\n" == expected) },
                          "\(name): read \(found.map(\.text))")
        }
    }

    /// padding_bs.png: zxing-cpp 1.4 returned its 996 bytes plus 31 read past the data, different from run to run.
    /// A result that depends on what the heap holds is never reported: ten reads in one process, none wrong.
    func testResultFromUnwrittenMemoryIsNeverReported() throws {
        let path = "\(TestPaths.corpus)/aztec-1/padding_bs.png"
        try TestPaths.requireCorpus(path)
        let image = try ImageLoader().load(contentsOf: path)
        for run in 0..<10 {
            let found = BarcodeReader().read(image)
            XCTAssertFalse(found.contains { $0.format == .aztec && ($0.bytes?.count ?? 0) != 996 }, "run \(run): \(found.map(\.bytes?.count))")
        }
    }
}
