import CardModel
import CardStore
import Foundation
import Rendering

/// `cardscan show`: a saved card's code, to scan from a screen or print.
enum ShowCommand: Command {
    static let name = "show"
    static let abstract = "draw a saved card's code: in the terminal, or as PNG or SVG"
    static let usage = """
        usage: cardscan show ID [--png FILE | --svg FILE] [--store PATH]
               cardscan show --category C [--png FILE | --svg FILE] [--store PATH]

        Draws the card's code (Code 128 for numeric IDs, QR for demographic strings and anything Code 128 cannot
        carry, the card's own code type where it has one) with its name, category and number. With --category, the
        category's default card is shown (else its first). In a terminal the code is drawn with block characters.
        """

    static func run(_ arguments: [String]) -> Int32 {
        do {
            let args = try ArgumentList(arguments, flagNames: [], valueNames: ["--png", "--svg", "--store", "--category"])
            let store = try StoreAccess.open(args.value("--store"))
            let card: IDCard
            if let category = args.value("--category") {
                guard let first = try store.cards(category: category).first else {
                    Terminal.err("cardscan: no cards in \(category) — add one with `cardscan scan IMAGE --save`")
                    return ExitStatus.failure
                }
                card = first  // the store lists a category's default first
            } else {
                guard let id = args.positional.first else { return Terminal.usageError("show needs an ID or --category", usage: usage) }
                card = try store.card(idPrefix: id)
            }
            if let png = args.value("--png") {
                try CodeRenderer.writePNG(card, to: png)
            } else if let svg = args.value("--svg") {
                try CodeRenderer.writeSVG(card, to: svg)
            } else {
                Terminal.out("\(card.name) — \(card.category)")
                Terminal.out(try CodeRenderer.terminalBlocks(for: card), terminator: "")
                Terminal.out(card.number)
            }
            return ExitStatus.success
        } catch {
            return commandFailed(error, usage: usage)
        }
    }
}
