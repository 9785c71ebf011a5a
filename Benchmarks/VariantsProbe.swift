import Evaluation
import Foundation

/// `cardscan-bench variants [DIR]`: how recall holds when the same cards are photographed differently. Each photo
/// of a card-photo set with ground truth (default ../shared/corpus/cards-dev) is remade seven ways with ImageMagick —
/// turned over, at 60% size, dim and noisy, heavily JPEG-compressed, tilted 9° more, at phone-camera size, with
/// the camera tipped back (keystoned) — and every version goes
/// through `cardscan scan --json`, scored as CardsDevRecallTests scores the set. A development set's own figures
/// flatter whatever was learned from it; a field that holds on the set and falls on its variants is a class of
/// photo that does not generalise yet. No variant is a test: some make print legitimately unreadable (60% of a
/// 640x480 frame), so read the drops, not the totals.
struct VariantsProbe {
    var directory = "../shared/corpus/cards-dev"

    /// Name and ImageMagick operators, applied after `-auto-orient -strip` (so EXIF turns are in the pixels); the
    /// noise is seeded, so runs compare.
    static let variants: [(name: String, operators: [String])] = [
        ("turned over", ["-rotate", "180", "-quality", "90"]),
        ("60% size", ["-resize", "60%", "-quality", "90"]),
        ("dim, noisy", ["-seed", "1", "-evaluate", "multiply", "0.45", "-attenuate", "0.4", "+noise", "Gaussian", "-quality", "90"]),
        ("JPEG quality 20", ["-quality", "20"]),
        ("tilted 9° more", ["-background", "#808078", "-rotate", "9", "-quality", "90"]),
        // A phone camera's 3000-4000 px: the same scene over 2.5 times the pixels (print, smear and desk grain alike).
        ("2.5x size (phone)", ["-filter", "Lanczos", "-resize", "250%", "-quality", "90"]),
        // The camera tipped back: the top corners pulled in by 12% of the width and down by 6% of the height.
        ("keystoned", ["-virtual-pixel", "edge", "-distort", "Perspective",
                       "0,0 %[fx:w*0.12],%[fx:h*0.06]  %[fx:w],0 %[fx:w*0.88],%[fx:h*0.06]  0,%[fx:h] 0,%[fx:h]  %[fx:w],%[fx:h] %[fx:w],%[fx:h]",
                       "-quality", "90"]),
    ]

    func run() throws {
        let fm = FileManager.default
        let photos = try fm.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".jpg") }.sorted()
        guard !photos.isEmpty else { throw BenchError("no JPEG photos in \(directory)") }
        guard fm.isExecutableFile(atPath: "/usr/bin/convert") else {
            throw BenchError("ImageMagick's convert is missing: install imagemagick (Scripts/setup lists it)")
        }
        let work = NSTemporaryDirectory() + "cardscan-variants-\(getpid())"
        try? fm.removeItem(atPath: work)
        defer { try? fm.removeItem(atPath: work) }

        var rows: [(String, CardPhotoScore)] = [("as photographed", try score(directory))]
        for (index, variant) in Self.variants.enumerated() {
            let folder = "\(work)/\(index)"
            try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for photo in photos {
                let stem = (photo as NSString).deletingPathExtension
                try fm.copyItem(atPath: "\(directory)/\(stem).json", toPath: "\(folder)/\(stem).json")
                try Self.convert(["\(directory)/\(photo)", "-auto-orient", "-strip"] + variant.operators + ["\(folder)/\(photo)"])
            }
            rows.append((variant.name, try score(folder)))
            FileHandle.standardError.write(Data("  \(variant.name) done\n".utf8))
        }

        print("## Recall on remade photos: \(directory)")
        print("")
        print("\(MachineInfo.current.description); \(photos.count) photos per row; valid suggestions; release build.")
        print("")
        print("| photos | " + CardPhotoScore.fields.joined(separator: " | ") + " | wrong valid NHS | wrong valid names | wrong valid DOBs |")
        print("|---|" + String(repeating: "---:|", count: CardPhotoScore.fields.count + 3))
        for (name, score) in rows {
            let cells = CardPhotoScore.fields.map { "\(score.hits[$0] ?? 0)/\(score.totals[$0] ?? 0)" }
            print("| \(name) | " + cells.joined(separator: " | ") + " | \(score.wrongValidNHS.count) | \(score.wrongValidNames.count) | \(score.wrongValidDOBs.count) |")
        }
        print("")
        print("Missed on a remade photo but read as photographed (field: photos):")
        let original = rows[0].1
        for (name, score) in rows.dropFirst() {
            let lost = CardPhotoScore.fields.compactMap { field -> String? in
                let was = Set(original.misses[field] ?? [])
                let now = (score.misses[field] ?? []).filter { !was.contains($0) }
                return now.isEmpty ? nil : "\(field): " + now.map { ($0 as NSString).deletingPathExtension }.joined(separator: " ")
            }
            print("- \(name): " + (lost.isEmpty ? "none" : lost.joined(separator: "; ")))
        }
    }

    /// `cardscan scan --json FOLDER` (the CLI beside this binary, region pinned as the tests pin it), scored.
    func score(_ folder: String) throws -> CardPhotoScore {
        let cardscan = (CommandLine.arguments[0] as NSString).deletingLastPathComponent + "/cardscan"
        let data = try toolOutput(cardscan, ["scan", "--json", folder],
                                  environment: ["CARDSCAN_REGION": "", "CARDSCAN_CONFIG": "/nonexistent", "TZ": "UTC"])
        var score = CardPhotoScore()
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let result = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                  let source = result["source"] as? String, result["suggestions"] != nil else { continue }
            let truthPath = (source as NSString).deletingPathExtension + ".json"
            let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: truthPath))) as? [String: Any]
            score.add(result: result, truth: truth?["fields"] as? [String: Any] ?? [:], image: (source as NSString).lastPathComponent)
        }
        return score
    }

    static func convert(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("convert \(arguments.joined(separator: " ")) failed") }
    }
}
