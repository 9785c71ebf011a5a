import Foundation
import CTesseract
import CardModel

/// An image with boxes drawn on it: what `cardscan scan --annotate` writes so a person can see what was read
/// where. Labels are ids and kinds only ("b1 CODE-128", "s1 nhsNumber"), never the values: the picture may be
/// shared where a health number must not be.
public struct Annotation: Sendable {
    public enum Colour: Sendable { case barcode, text, suggestion }
    public var bounds: Quad
    public var label: String
    public var colour: Colour
    public init(bounds: Quad, label: String, colour: Colour) { self.bounds = bounds; self.label = label; self.colour = colour }
}

public enum AnnotationError: Error, CustomStringConvertible, Sendable {
    case writeFailed(path: String)
    public var description: String {
        switch self { case .writeFailed(let path): "\(path): could not write the annotated PNG; check the folder exists and is writable" }
    }
}

extension GrayImage {
    /// Writes this image in colour with each annotation's box and label, as PNG. The corresponding C functions
    /// are `pixRenderPolylineArb`, `pixSetTextline` and `pixWrite`.
    public func writeAnnotatedPNG(_ annotations: [Annotation], to path: String) throws(AnnotationError) {
        _ = LeptonicaPix.silenceMessages
        guard let gray = LeptonicaPix(gray: self), let colour = LeptonicaPix(pixConvertTo32(gray.pointer)) else {
            throw .writeFailed(path: path)
        }
        // Fonts are built into leptonica (bmfCreate with no folder); the size suits photos of 640–1920 px.
        // (leptonica has even sizes only, 4 to 20.)
        var font = bmfCreate(nil, Int32(max(6, min(20, width / 90)) / 2 * 2))
        defer { bmfDestroy(&font) }
        let thickness = Int32(max(2, width / 400))
        for a in annotations {
            let (r, g, b): (UInt8, UInt8, UInt8) = switch a.colour {
            case .barcode: (0, 160, 255)
            case .text: (0, 200, 0)
            case .suggestion: (255, 40, 40)
            }
            var line = ptaCreate(4)
            guard let polyline = line else { continue }
            for p in a.bounds.points { ptaAddPt(polyline, Float(p.x), Float(p.y)) }
            _ = pixRenderPolylineArb(colour.pointer, polyline, thickness, r, g, b, 1)
            ptaDestroy(&line)
            if let font {
                let rgba = UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8
                // Items labelled above their box, suggestions below theirs, so the two do not overprint.
                let y = a.colour == .suggestion ? a.bounds.maxY + Int(thickness) * 2 + width / 90 : a.bounds.minY - 4
                _ = pixSetTextline(colour.pointer, font, a.label, rgba, Int32(a.bounds.minX), Int32(max(12, y)), nil, nil)
            }
        }
        guard Self.createPrivately(path), pixWrite(path, colour.pointer, l_int32(IFF_PNG)) == 0 else { throw .writeFailed(path: path) }
    }
}

/// Text drawn on an image (leptonica's built-in bitmap font; even sizes 4–20).
public struct Label: Sendable {
    public var text: String
    public var x: Int
    public var y: Int
    public var size: Int
    public init(text: String, x: Int, y: Int, size: Int) { self.text = text; self.x = x; self.y = y; self.size = size }
}

extension GrayImage {
    /// Writes this image as PNG with black labels. The corresponding C functions are `pixSetTextline` and `pixWrite`.
    public func writePNG(to path: String, labels: [Label] = []) throws(AnnotationError) {
        _ = LeptonicaPix.silenceMessages
        guard let pix = LeptonicaPix(gray: self) else { throw .writeFailed(path: path) }
        for label in labels {
            var font = bmfCreate(nil, Int32(max(4, min(20, label.size)) / 2 * 2))
            defer { bmfDestroy(&font) }
            if let font { _ = pixSetTextline(pix.pointer, font, label.text, 0, Int32(label.x), Int32(label.y), nil, nil) }
        }
        guard Self.createPrivately(path), pixWrite(path, pix.pointer, l_int32(IFF_PNG)) == 0 else { throw .writeFailed(path: path) }
    }

    /// A picture of a card shows its numbers: the file is made 0600 before leptonica writes into it (writing
    /// keeps the mode of an existing file).
    static func createPrivately(_ path: String) -> Bool {
        FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) && chmod(path, 0o600) == 0
    }
}
