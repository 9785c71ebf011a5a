import Foundation

/// The machine a report was measured on.
struct MachineInfo {
    let cores: Int
    let cpuModel: String
    /// The CPU's widest vector instructions that matter to the learned models: OpenVINO runs them in bf16 where the
    /// CPU has AVX-512 BF16 and in f32 otherwise, which is slower and reads a few borderline lines otherwise.
    let vectors: String

    static var current: MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        let flags = Set(cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ").map(String.init) ?? [])
        let vectors = flags.contains("avx512_bf16") ? "AVX-512 BF16" : flags.contains("avx512f") ? "AVX-512" : flags.contains("avx2") ? "AVX2" : "no AVX2"
        return MachineInfo(cores: ProcessInfo.processInfo.activeProcessorCount, cpuModel: model, vectors: vectors)
    }

    var description: String { "\(cores) cores, \(cpuModel) (\(vectors))" }
}
