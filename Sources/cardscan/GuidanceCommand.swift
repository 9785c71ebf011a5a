import CardModel
import Recognition

/// `cardscan guidance`: the scanning prompt for the region in force.
enum GuidanceCommand: Command {
    static let name = "guidance"
    static let abstract = "print the scanning prompt for your region"
    static let usage = """
        usage: cardscan guidance [--region R] [--wristband]

        Prints what to scan, for the region in force (as `cardscan scan` resolves it: --region, CARDSCAN_REGION,
        the config file, the system time zone).
        """

    static func run(_ arguments: [String]) -> Int32 {
        do {
            let args = try ArgumentList(arguments, flagNames: ["--wristband"], valueNames: ["--region"])
            guard args.positional.isEmpty else { return Terminal.usageError("unexpected \(args.positional[0])", usage: usage) }
            let region = try RegionResolver().resolve(option: args.value("--region"), settings: .current)
            Terminal.out(Guidance.prompt(for: region.code, wristband: args.has("--wristband")))
            return ExitStatus.success
        } catch {
            return commandFailed(error, usage: usage)
        }
    }
}
