/// The secret in the URL `cardscan serve` prints: 32 random bytes as hex (SystemRandomNumberGenerator reads the
/// kernel's getrandom), new every start, so only someone who saw the terminal can use the server.
struct AccessToken: Sendable, Equatable {
    let value: String

    private init(value: String) { self.value = value }

    static func random() -> AccessToken {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return AccessToken(value: bytes.map { String(format2hex: $0) }.joined())
    }

    /// Compares in time that does not depend on where the first difference is (a wrong guess tells nothing).
    func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let a = Array(value.utf8), b = Array(candidate.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<a.count { difference |= a[i] ^ b[i] }
        return difference == 0
    }
}

private extension String {
    init(format2hex byte: UInt8) {
        let digits = Array("0123456789abcdef")
        self = String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
