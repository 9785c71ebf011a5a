import CardModel
import Foundation

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
        guard let gray = LeptonicaPix(gray: self), let colour = gray.colour() else {
            throw .writeFailed(path: path)
        }
        // Fonts are built into leptonica; the size suits photos of 640–1920 px.
        let fontSize = max(6, min(20, width / 90))
        let thickness = max(2, width / 400)
        for a in annotations {
            let (r, g, b): (UInt8, UInt8, UInt8) = switch a.colour {
            case .barcode: (0, 160, 255)
            case .text: (0, 200, 0)
            case .suggestion: (255, 40, 40)
            }
            colour.drawPolyline(a.bounds.points.map { ($0.x, $0.y) }, thickness: thickness, rgb: (r, g, b))
            let rgba = UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8
            // Items labelled above their box, suggestions below theirs, so the two do not overprint.
            let y = a.colour == .suggestion ? a.bounds.maxY + thickness * 2 + width / 90 : a.bounds.minY - 4
            colour.drawText(a.label, size: fontSize, x: a.bounds.minX, y: max(12, y), rgba: rgba)
        }
        guard colour.writePNG(to: path) else { throw .writeFailed(path: path) }
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
        for label in labels { pix.drawText(label.text, size: label.size, x: label.x, y: label.y, rgba: 0) }
        guard pix.writePNG(to: path) else { throw .writeFailed(path: path) }
    }
}
