import CardModel
import CardStore
import Foundation

/// `cardscan review`: photos an import could not be sure of, and what a person decides about them.
enum ReviewCommand: Command {
    static let name = "review"
    static let abstract = "list photos waiting for review; accept (with a pick) or reject them"
    static let usage = """
        usage: cardscan review [--reveal] [--store PATH]
               cardscan review accept ID [--pick N] [--store PATH]
               cardscan review reject ID [--store PATH]

        ID is the start of the photo's fingerprint shown in the list; --pick N chooses its N-th suggestion
        (default: the first valid one).
        """

    static func run(_ arguments: [String]) -> Int32 {
        do {
            let args = try ArgumentList(arguments, flagNames: ["--reveal"], valueNames: ["--pick", "--store"])
            let store = try StoreAccess.open(args.value("--store"))
            switch args.positional.first {
            case nil:
                let queue = try store.reviewQueue()
                if queue.isEmpty { Terminal.out("Nothing to review.") }
                for item in queue {
                    Terminal.out("\(item.hash.prefix(10))  \(item.path)  (\(item.reason ?? ""))")
                    for (i, s) in item.suggestions.enumerated() {
                        let shown = args.has("--reveal") ? s.display : String(s.display.prefix(3)) + "…"
                        Terminal.out("    \(i + 1). \(s.valid ? "✓" : "✗") \(s.card?.name ?? s.type): \(shown)")
                    }
                }
            case "accept":
                guard args.positional.count == 2 else { return Terminal.usageError("accept needs an ID", usage: usage) }
                let item = try store.queued(args.positional[1])
                let pick = args.value("--pick").flatMap(Int.init)
                let chosen = pick.map { $0 >= 1 && $0 <= item.suggestions.count ? item.suggestions[$0 - 1] : nil }
                    ?? item.suggestions.first { $0.valid }
                guard let chosen, let candidate = chosen.card else {
                    Terminal.err("cardscan: nothing to accept for \(args.positional[1]); give --pick N, or reject it")
                    return ExitStatus.failure
                }
                let card = IDCard(candidate: candidate)
                try store.recordImport(hash: item.hash, path: item.path, status: .imported, card: card, suggestions: [chosen], reason: "accepted")
                Terminal.out("saved \(card.id.uuidString.prefix(8).lowercased()) \(card.name) in \(card.category)")
            case "reject":
                guard args.positional.count == 2 else { return Terminal.usageError("reject needs an ID", usage: usage) }
                let item = try store.queued(args.positional[1])
                try store.recordImport(hash: item.hash, path: item.path, status: .rejected, card: nil, suggestions: [], reason: "rejected")
                Terminal.out("rejected \(args.positional[1])")
            default:
                return Terminal.usageError("unknown review subcommand '\(args.positional[0])'", usage: usage)
            }
            return ExitStatus.success
        } catch {
            return commandFailed(error, usage: usage)
        }
    }
}
