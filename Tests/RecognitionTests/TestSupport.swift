import CardModel
import Recognition

extension GivenNames {
    /// The list `Scripts/setup` installed, where this process's settings say (as the CLI hands it in); nil on a
    /// machine without it, where the tests that need it say so.
    static var installedForTests: GivenNames? { GivenNames.installed(in: ProcessSettings.current.listsFolder) }
}
