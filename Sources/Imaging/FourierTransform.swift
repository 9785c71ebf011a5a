import Foundation

/// A complex 2-D discrete Fourier transform of a power-of-two grid, in place (radix-2, iterative). Enough for the
/// motion-blur estimate (many 128x128 tiles) and its deconvolution (one padded frame); no library has one we may
/// depend on here (leptonica has none, and no package dependencies).
struct FourierGrid {
    let width: Int
    let height: Int
    var real: [Double]
    var imaginary: [Double]

    init(width: Int, height: Int) {
        precondition(width > 0 && height > 0 && width & (width - 1) == 0 && height & (height - 1) == 0,
                     "FourierGrid sides are powers of two")
        self.width = width; self.height = height
        real = [Double](repeating: 0, count: width * height)
        imaginary = [Double](repeating: 0, count: width * height)
    }

    /// Forward (`inverse == false`) or inverse transform; the inverse divides by the number of points.
    mutating func transform(inverse: Bool = false) {
        let rows = FourierLine(count: width, inverse: inverse), columns = FourierLine(count: height, inverse: inverse)
        real.withUnsafeMutableBufferPointer { re in
            imaginary.withUnsafeMutableBufferPointer { im in
                for y in 0..<height { rows.transform(re, im, start: y * width, step: 1) }
                // Columns through a contiguous scratch line: strided access over a large grid misses the cache.
                var columnRe = [Double](repeating: 0, count: height), columnIm = columnRe
                columnRe.withUnsafeMutableBufferPointer { cr in
                    columnIm.withUnsafeMutableBufferPointer { ci in
                        for x in 0..<width {
                            for y in 0..<height { cr[y] = re[y * width + x]; ci[y] = im[y * width + x] }
                            columns.transform(cr, ci, start: 0, step: 1)
                            for y in 0..<height { re[y * width + x] = cr[y]; im[y * width + x] = ci[y] }
                        }
                    }
                }
                if inverse {
                    let scale = 1 / Double(width * height)
                    for i in 0..<(width * height) { re[i] *= scale; im[i] *= scale }
                }
            }
        }
    }
}

/// One-dimensional radix-2 transform of a fixed length, with its twiddle factors and bit-reversal table.
struct FourierLine {
    let count: Int
    private let cosines: [Double]
    private let sines: [Double]
    private let reversed: [Int]

    init(count: Int, inverse: Bool) {
        self.count = count
        let sign = inverse ? 1.0 : -1.0
        cosines = (0..<max(1, count / 2)).map { cos(2 * .pi * Double($0) / Double(count)) }
        sines = (0..<max(1, count / 2)).map { sign * sin(2 * .pi * Double($0) / Double(count)) }
        var bits = 0
        while 1 << bits < count { bits += 1 }
        reversed = (0..<count).map { i in
            var r = 0, v = i
            for _ in 0..<bits { r = (r << 1) | (v & 1); v >>= 1 }
            return r
        }
    }

    func transform(_ re: UnsafeMutableBufferPointer<Double>, _ im: UnsafeMutableBufferPointer<Double>, start: Int, step: Int) {
        for i in 0..<count where reversed[i] > i {
            let a = start + i * step, b = start + reversed[i] * step
            re.swapAt(a, b); im.swapAt(a, b)
        }
        var size = 2
        while size <= count {
            let half = size / 2, stride = count / size
            var block = 0
            while block < count {
                for k in 0..<half {
                    let c = cosines[k * stride], s = sines[k * stride]
                    let a = start + (block + k) * step, b = a + half * step
                    let tr = re[b] * c - im[b] * s, ti = re[b] * s + im[b] * c
                    re[b] = re[a] - tr; im[b] = im[a] - ti
                    re[a] += tr; im[a] += ti
                }
                block += size
            }
            size *= 2
        }
    }
}
