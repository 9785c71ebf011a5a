/// Reed-Solomon over GF(16) (primitive polynomial x^4 + x + 1, first root alpha^1): the code that protects an
/// Aztec symbol's mode message (ISO/IEC 24778, 7.2.2). The message is at most 16 data bits, so decoding is a search
/// of every possible message for the codeword nearest to what was read: simple, and clearly correct. The code is
/// linear, so each codeword is the XOR of one precomputed codeword per data word, packed four bits a word.
struct GF16ReedSolomon: Sendable {
    let dataWords: Int
    let checkWords: Int
    /// basis[k][d]: the codeword of data word k set to d and the others 0, packed (first word highest).
    private let basis: [[UInt64]]

    static let exp: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 30)
        var x = 1
        for i in 0..<30 {
            table[i] = UInt8(x)
            x <<= 1
            if x & 0x10 != 0 { x ^= 0x13 }
        }
        return table
    }()
    static let log: [Int] = {
        var table = [Int](repeating: 0, count: 16)
        for i in 0..<15 { table[Int(exp[i])] = i }
        return table
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        guard a != 0, b != 0 else { return 0 }
        return exp[(log[Int(a)] + log[Int(b)]) % 15]
    }

    init(dataWords: Int, checkWords: Int) {
        self.dataWords = dataWords; self.checkWords = checkWords
        // Generator: the product of (x - alpha^i) for i = 1...checkWords, highest coefficient first.
        var generator: [UInt8] = [1]
        for i in 1...checkWords {
            var next = [UInt8](repeating: 0, count: generator.count + 1)
            for (k, g) in generator.enumerated() {
                next[k] ^= g
                next[k + 1] ^= Self.multiply(g, Self.exp[i])
            }
            generator = next
        }
        func encode(_ data: [UInt8]) -> [UInt8] {
            // Systematic: the check words are the remainder of data * x^checkWords divided by the generator.
            var remainder = data + [UInt8](repeating: 0, count: checkWords)
            for k in 0..<data.count where remainder[k] != 0 {
                let factor = remainder[k]
                for (j, g) in generator.enumerated() { remainder[k + j] ^= Self.multiply(g, factor) }
            }
            return data + Array(remainder[data.count...])
        }
        basis = (0..<dataWords).map { k in
            (0..<16).map { d in
                var data = [UInt8](repeating: 0, count: dataWords)
                data[k] = UInt8(d)
                return Self.pack(encode(data))
            }
        }
    }

    static func pack(_ words: [UInt8]) -> UInt64 { words.reduce(0) { $0 << 4 | UInt64($1 & 0xF) } }

    /// The codeword for data value `value` (data words most significant first), packed.
    func codeword(_ value: Int) -> UInt64 {
        var c: UInt64 = 0
        for k in 0..<dataWords { c ^= basis[k][(value >> (4 * (dataWords - 1 - k))) & 0xF] }
        return c
    }

    /// The data value whose codeword differs from `received` in at most `maxErrors` words (at most half the check
    /// words, the code's correcting power), with the number of words that differed.
    func decode(_ received: [UInt8], maxErrors: Int? = nil) -> (value: Int, errors: Int)? {
        precondition(received.count == dataWords + checkWords)
        let limit = min(maxErrors ?? checkWords / 2, checkWords / 2)
        let target = Self.pack(received)
        for value in 0..<(1 << (4 * dataWords)) {
            var diff = codeword(value) ^ target
            // Words that differ: fold each nibble's bits into its lowest bit, then count.
            diff = (diff | diff >> 1 | diff >> 2 | diff >> 3) & 0x1111_1111_1111_1111
            let errors = diff.nonzeroBitCount
            if errors <= limit { return (value, errors) }
        }
        return nil
    }

    static let compact = GF16ReedSolomon(dataWords: 2, checkWords: 5)
    static let full = GF16ReedSolomon(dataWords: 4, checkWords: 6)
}
