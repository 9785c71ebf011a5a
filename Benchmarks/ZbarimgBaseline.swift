import Foundation

/// `zbarimg`, the tool a user would otherwise run: one process over all files, as a user would call it.
struct ZbarimgBaseline {
    struct Run {
        let seconds: Double
        /// Decoded texts per file (from `--xml`, which names each source).
        let textsByFile: [String: [String]]
    }

    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") }

    static func run(_ files: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        process.arguments = ["-q", "--xml"] + files
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let start = Date()
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        return Run(seconds: seconds, textsByFile: parse(String(decoding: data, as: UTF8.self)))
    }

    /// Pulls `<source href='…'>` and each `<data><![CDATA[…]]></data>` out of zbarimg's XML.
    static func parse(_ xml: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for block in xml.components(separatedBy: "<source href='").dropFirst() {
            guard let end = block.firstIndex(of: "'") else { continue }
            let file = String(block[..<end])
            var texts: [String] = []
            for piece in block.components(separatedBy: "<data><![CDATA[").dropFirst() {
                if let close = piece.range(of: "]]></data>") { texts.append(String(piece[..<close.lowerBound])) }
            }
            result[file] = texts
        }
        return result
    }
}
