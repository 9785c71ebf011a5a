import Foundation

/// Where the data files `Scripts/setup` fetches live (the text-line model, the given-name list): one folder, named
/// by `--models DIR` or `CARDSCAN_MODELS` (`ProcessSettings`), else the default. The front ends hand it to the
/// detector (Locating) and the name finder (Recognition) as a value, so it sits here, with no C.
public enum ModelsFolder {
    /// Where `Scripts/setup` puts the files when neither `--models DIR` nor `CARDSCAN_MODELS` says otherwise.
    public static let defaultPath = "/usr/local/share/cardscan/models"
    /// The environment variable a process hands the folder on by (the CLI sets it from `--models`, so that the
    /// worker processes it starts look in the same place). `none` turns the text-line detector off.
    public static let environmentKey = "CARDSCAN_MODELS"

    /// The folder `settings` name, or the default; nil when told `none`.
    public static func configured(_ settings: ProcessSettings) -> String? { settings.modelsFolder }
}
