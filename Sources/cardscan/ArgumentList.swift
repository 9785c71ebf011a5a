/// A small hand-written argument reader (we take no package dependencies): flags, options with a value
/// (`--formats ean13` or `--formats=ean13`), and positional arguments, with one clear message per mistake.
struct ArgumentList {
    struct UsageError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private(set) var flags: Set<String> = []
    private(set) var values: [String: String] = [:]
    private(set) var positional: [String] = []

    /// - Parameters:
    ///   - flagNames: options that take no value (e.g. `--json`).
    ///   - valueNames: options that take one value (e.g. `--formats`).
    init(_ arguments: [String], flagNames: Set<String>, valueNames: Set<String>) throws(UsageError) {
        var i = 0, onlyPositional = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositional || !arg.hasPrefix("-") || arg == "-" { positional.append(arg); continue }
            if arg == "--" { onlyPositional = true; continue }
            var name = arg, inlineValue: String?
            if let eq = arg.firstIndex(of: "=") { name = String(arg[..<eq]); inlineValue = String(arg[arg.index(after: eq)...]) }
            if flagNames.contains(name) {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
                flags.insert(name)
            } else if valueNames.contains(name) {
                if let inlineValue { values[name] = inlineValue; continue }
                guard i < arguments.count else { throw UsageError("\(name) needs a value") }
                values[name] = arguments[i]
                i += 1
            } else {
                throw UsageError("unknown option '\(name)'")
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ name: String) -> String? { values[name] }
}
