import CardModel
import CardStore
import Foundation
import Recognition

/// `cardscan review`: photos an import could not be sure of, and what a person decides about them.
enum ReviewCommand: Command {
    static let name = "review"
    static let abstract = "list photos waiting for review; accept (with a pick) or reject them"
    static let usage = """
        usage: cardscan review [--reveal] [--store PATH]
               cardscan review accept ID [--pick N] [--no-validate] [--store PATH]
               cardscan review reject ID [--store PATH]
               cardscan review edit ID [--pick N] [--name N] [--number X] [--category C] [--region R]
                                       [--no-validate] [--store PATH]

        ID is the start of the photo's fingerprint shown in the list; --pick N chooses its N-th suggestion
        (default: the first valid one). edit saves that suggestion's card with the fields given changed (checked
        as `cards add` checks them), for a photo whose reading was nearly right. An NHS number in the test range
        (999 xxx xxxx) is saved only with --no-validate.
        """

    static func run(_ arguments: [String]) -> Int32 {
        do {
            let args = try ArgumentList(arguments, flagNames: ["--reveal", "--no-validate"],
                                        valueNames: ["--pick", "--store", "--name", "--number", "--category", "--region"])
            let store = try StoreAccess.open(args.value("--store"))
            switch args.positional.first {
            case nil:
                let queue = try store.reviewQueue()
                if queue.isEmpty { Terminal.out("Nothing to review.") }
                for item in queue {
                    Terminal.out("\(item.hash.prefix(10))  \(item.path)  (\(item.reason ?? ""))")
                    for (i, s) in item.suggestions.enumerated() {
                        let shown = args.has("--reveal") ? s.display : String(s.display.prefix(3)) + "…"
                        Terminal.out("    \(i + 1). \(s.valid ? "✓" : "✗") \(s.card?.name ?? s.type.rawValue): \(shown)")
                    }
                }
            case "accept", "edit":
                guard args.positional.count == 2 else { return Terminal.usageError("\(args.positional[0]) needs an ID", usage: usage) }
                let item = try store.queued(args.positional[1])
                let pick = args.value("--pick").flatMap(Int.init)
                let chosen = pick.map { $0 >= 1 && $0 <= item.suggestions.count ? item.suggestions[$0 - 1] : nil }
                    ?? item.suggestions.first { $0.valid }
                var card: IDCard
                if let chosen, let candidate = chosen.card {
                    card = IDCard(candidate: candidate)
                } else if args.positional[0] == "edit", let name = args.value("--name"), let number = args.value("--number"),
                          let category = args.value("--category") {
                    // Nothing read on the photo is right (or nothing was read): the person types the card in.
                    card = IDCard(name: name, number: number, category: category)
                } else {
                    Terminal.err("cardscan: nothing to accept for \(args.positional[1]); give --pick N, type the card in with "
                                 + "edit --name --number --category, or reject it")
                    return ExitStatus.failure
                }
                if args.positional[0] == "edit" {
                    if let v = args.value("--name") { card.name = v }
                    if let v = args.value("--number") { card.number = v }
                    if let v = args.value("--category") { card.category = v }
                    if let v = args.value("--region") {
                        guard let r = Region(code: v) else { return Terminal.usageError("unknown region '\(v)'; use GB, JE or GG", usage: usage) }
                        card.region = r
                    }
                    if !args.has("--no-validate"),
                       let refusal = CardValidation.refusal(name: card.name, number: card.number, category: card.category, region: card.region) {
                        return refused(refusal)
                    }
                } else if !args.has("--no-validate"), let chosen, let refusal = CardValidation.refusal(saving: chosen) {
                    // accept saves what was read, as import would have: a test number still needs --no-validate.
                    return refused(refusal)
                }
                try store.recordImport(hash: item.hash, path: item.path, status: .imported, card: card,
                                       suggestions: chosen.map { [$0] } ?? [],
                                       reason: args.positional[0] == "edit" ? "edited" : "accepted")
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
