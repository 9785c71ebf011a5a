import Foundation

/// The machine a report was measured on.
struct MachineInfo {
    let cores: Int
    let cpuModel: String

    static var current: MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        return MachineInfo(cores: ProcessInfo.processInfo.activeProcessorCount, cpuModel: model)
    }

    var description: String { "\(cores) cores, \(cpuModel)" }
}
