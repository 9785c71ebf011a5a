import Foundation

// Built two ways. With `-D FUZZING -sanitize=fuzzer,address` (Scripts/fuzz) it is a libFuzzer target: its entry
// point hands over to libFuzzer's driver, which calls the target for each input; CARDSCAN_FUZZ_TARGET picks it. In a normal build it
// replays inputs — `cardscan-fuzz TARGET [FILE|DIR]...`, default Tests/Fuzz/<target>/corpus — so every crash
// input kept in a corpus stays a regression test (FuzzCorpusTests runs it for every target).
#if FUZZING
private let selected: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["CARDSCAN_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("set CARDSCAN_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
        exit(64)
    }
    return target
}()

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

// SwiftPM links an executable's entry point under this name (it renames `main` so tests can link the module).
@_cdecl("cardscan_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    // One run before libFuzzer starts its clock: the first call pays for one-time set-up (Swift metadata, static
    // tables, C decoders), and on a loaded CI machine that alone passed the 10 s per-input timeout (recognition,
    // "timeout" on the empty input, its stack in the runtime's metadata cache, not in our code).
    selected.run([])
    return runFuzzerDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}

/// libFuzzer's own entry point; its archive's `main` refers to it even when ours is the one linked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selected.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
#else
@main
enum ReplayCorpus {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            print("usage: cardscan-fuzz TARGET [FILE|DIR]...   targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
            exit(64)
        }
        arguments.removeFirst()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
        let inputs = arguments.isEmpty ? ["\(root)/\(name)/corpus"] : arguments
        var count = 0
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                print("cardscan-fuzz: \(input): not found"); exit(1)
            }
            let files = isDirectory.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []).sorted().map { "\(input)/\($0)" } : [input]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                target.run([UInt8](data))
                count += 1
            }
        }
        print("\(name): \(count) inputs replayed, no crash")
    }
}
#endif
