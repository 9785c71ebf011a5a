/// `cardscan export [FILE]` and `cardscan import-cards FILE`: the same as `cards export` / `cards import`, under
/// the names the product spec gives them.
enum ExportCommand: Command {
    static let name = "export"
    static let abstract = "write every saved card as JSON (to FILE, mode 0600, or stdout)"
    static let usage = "usage: cardscan export [FILE] [--store PATH]"
    static func run(_ arguments: [String]) -> Int32 { CardsCommand.run(["export"] + arguments) }
}

enum ImportCardsCommand: Command {
    static let name = "import-cards"
    static let abstract = "add the cards of an export file (cards already there are skipped)"
    static let usage = "usage: cardscan import-cards FILE [--store PATH]"
    static func run(_ arguments: [String]) -> Int32 { CardsCommand.run(["import"] + arguments) }
}
