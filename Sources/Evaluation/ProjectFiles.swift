import Foundation

/// Where the tests and the bench find the project's own files and the shared corpora beside the clone.
public enum ProjectFiles {
    /// The package's root (this file is `Sources/Evaluation/ProjectFiles.swift`).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    /// `../shared/corpus/barcodes`: barcode photos with expected text.
    public static let corpus = (packageRoot as NSString).appendingPathComponent("../shared/corpus/barcodes")
    /// The bundled sample photos.
    public static let samples = (packageRoot as NSString).appendingPathComponent("SampleImages")
    /// ../shared/corpus/cards-dev: 120 card photos with ground truth.
    public static let cardsDev = (packageRoot as NSString).appendingPathComponent("../shared/corpus/cards-dev")

    /// The ground truth beside a sample photo (`SampleImages/NAME.json`).
    public static func sampleTruth(_ name: String) throws -> [String: Any] {
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(samples)/\(name).json")))
        return truth as? [String: Any] ?? [:]
    }

    /// The ground-truth fields beside a sample photo.
    public static func sampleFields(_ name: String) throws -> [String: Any] {
        try sampleTruth(name)["fields"] as? [String: Any] ?? [:]
    }

    /// The ground-truth fields of a photo of a shared set (`img_0011` for `img_0011.json`).
    public static func truthFields(in folder: String, _ name: String) throws -> [String: Any] {
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name).json")))
        return (truth as? [String: Any])?["fields"] as? [String: Any] ?? [:]
    }

    /// A fresh, empty folder for one test (named by it and this process).
    public static func scratchFolder(_ name: String = #function) throws -> String {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-tests-\(getpid())-\(name.filter(\.isLetter))")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }
}
