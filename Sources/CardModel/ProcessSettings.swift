import Foundation

/// What a cardscan process was told by its environment, read in this one place and handed down as plain values:
/// the front ends (the CLI, the bench, a worker process) read `ProcessSettings.current` once per job and pass its
/// parts on as options; nothing in the pipeline reads the environment itself.
///
/// The variables are the ones a person sets to point cardscan somewhere (`CARDSCAN_MODELS`, `CARDSCAN_STORE`,
/// `CARDSCAN_DEVICE`, `CARDSCAN_REGION`, `CARDSCAN_CONFIG`), to choose a reader (`CARDSCAN_LINE_READERS`,
/// `CARDSCAN_OPENVINO`), to trace a run (`CARDSCAN_TRACE_*`), and the ones the CLI sets for the worker processes
/// it starts, which inherit them.
public struct ProcessSettings: Sendable {
    /// The variables, as they were when this value was made.
    public let environment: [String: String]

    public init(environment: [String: String]) { self.environment = environment }

    /// The process's environment now (not cached: the CLI sets `CARDSCAN_MODELS` from `--models`, and turns the
    /// detector off when its model is damaged, before the job starts).
    public static var current: ProcessSettings { ProcessSettings(environment: ProcessInfo.processInfo.environment) }

    /// A variable's value, nil when it is unset or empty.
    public func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }

    /// The folder of models and lists (`ModelsFolder`): `CARDSCAN_MODELS`, else the default; nil when `none`.
    public var modelsFolder: String? {
        let folder = value(ModelsFolder.environmentKey) ?? ModelsFolder.defaultPath
        return folder == "none" ? nil : folder
    }

    /// The folder of lists even when the detector is turned off (`none`): the given-name list still lives there.
    public var listsFolder: String { modelsFolder ?? ModelsFolder.defaultPath }

    /// The OpenVINO runtime's folder when `CARDSCAN_OPENVINO` names another than setup's.
    public var inferenceRuntimeFolder: String? { value("CARDSCAN_OPENVINO") }

    /// `CARDSCAN_LINE_READERS`: which reader reads a line first (`LineReaders`' raw value).
    public var lineReaders: String? { value("CARDSCAN_LINE_READERS") }

    /// The camera when a command names none (`CARDSCAN_DEVICE`).
    public var device: String? { value("CARDSCAN_DEVICE") }

    /// The card store: `CARDSCAN_STORE`, else `$XDG_DATA_HOME/cardscan/cards.db`, else
    /// `~/.local/share/cardscan/cards.db`.
    public var storePath: String {
        if let path = value("CARDSCAN_STORE") { return path }
        return (value("XDG_DATA_HOME") ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")) + "/cardscan/cards.db"
    }

    /// The config file: `CARDSCAN_CONFIG`, else `$XDG_CONFIG_HOME/cardscan/config`, else `~/.config/cardscan/config`.
    public var configPath: String {
        if let path = value("CARDSCAN_CONFIG") { return path }
        return (value("XDG_CONFIG_HOME") ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")) + "/cardscan/config"
    }

    /// `CARDSCAN_REGION`: the region a person set for every command.
    public var region: String? { value("CARDSCAN_REGION") }

    /// Whether this is a CI run (`CI=true`): a missing shared corpus then fails its tests instead of skipping them.
    public var inCI: Bool { environment["CI"] == "true" }

    /// The environment for a worker process this one starts: its own, with `changes` on top.
    public func forWorker(_ changes: [String: String]) -> [String: String] { environment.merging(changes) { $1 } }
}
