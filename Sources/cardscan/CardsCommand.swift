import CardModel
import CardStore
import Foundation

/// `cardscan cards …`: the saved cards.
enum CardsCommand: Command {
    static let name = "cards"
    static let abstract = "list, search, show, add, delete saved cards; choose a category's default"
    static let usage = """
        usage: cardscan cards list [--category C] [--json] [--reveal] [--store PATH]
               cardscan cards search TEXT [--reveal] [--store PATH]
               cardscan cards show ID [--json] [--store PATH]
               cardscan cards add --name N --number X --category C [--region R] [--code-type T] [--default] [--store PATH]
               cardscan cards delete ID [--store PATH]
               cardscan cards default ID [--store PATH]

        IDs may be abbreviated to a unique prefix. Health numbers are masked in lists unless --reveal is given.
        The store is --store PATH, else CARDSCAN_STORE, else $XDG_DATA_HOME/cardscan/cards.db
        (~/.local/share/cardscan/cards.db); it is created with mode 0600.
        """

    static func run(_ arguments: [String]) -> Int32 {
        guard let verb = arguments.first else { return Terminal.usageError("cards needs a subcommand", usage: usage) }
        do {
            let args = try ArgumentList(Array(arguments.dropFirst()), flagNames: ["--json", "--reveal", "--default"],
                                        valueNames: ["--category", "--store", "--name", "--number", "--region", "--code-type"])
            let store = try StoreAccess.open(args.value("--store"))
            switch verb {
            case "list": return try list(store.cards(category: args.value("--category")), args)
            case "search":
                guard let text = args.positional.first else { return Terminal.usageError("search needs TEXT", usage: usage) }
                return try list(store.search(text), args)
            case "show":
                guard let id = args.positional.first else { return Terminal.usageError("show needs an ID", usage: usage) }
                let card = try store.card(idPrefix: id)
                if args.has("--json") { Terminal.out(try encoded(card)) } else { Terminal.out(describe(card, reveal: true)) }
            case "add":
                guard let name = args.value("--name"), let number = args.value("--number"), let category = args.value("--category") else {
                    return Terminal.usageError("add needs --name, --number and --category", usage: usage)
                }
                let region = try args.value("--region").map { code -> Region in
                    guard let r = Region(code: code) else { throw ArgumentList.UsageError("unknown region '\(code)'; use GB, JE or GG") }
                    return r
                }
                let codeType = try args.value("--code-type").map { t -> CodeType in
                    guard let c = CodeType(rawValue: t) else { throw ArgumentList.UsageError("unknown code type '\(t)'") }
                    return c
                } ?? .code128
                let card = try store.add(IDCard(name: name, number: number, category: category, region: region,
                                                isDefault: args.has("--default"), codeType: codeType))
                Terminal.out("saved \(card.id.uuidString.prefix(8).lowercased()) \(card.name) in \(card.category)")
            case "delete":
                guard let id = args.positional.first else { return Terminal.usageError("delete needs an ID", usage: usage) }
                try store.delete(idPrefix: id)
                Terminal.out("deleted \(id)")
            case "default":
                guard let id = args.positional.first else { return Terminal.usageError("default needs an ID", usage: usage) }
                try store.makeDefault(idPrefix: id)
                Terminal.out("\(id) is now its category's default")
            default:
                return Terminal.usageError("unknown cards subcommand '\(verb)'", usage: usage)
            }
            return ExitStatus.success
        } catch let error as ArgumentList.UsageError {
            return Terminal.usageError(error.description, usage: usage)
        } catch {
            Terminal.err("cardscan: \(error)")
            return ExitStatus.failure
        }
    }

    static func list(_ cards: [IDCard], _ args: ArgumentList) throws -> Int32 {
        if args.has("--json") {
            for card in cards { Terminal.out(try encoded(card)) }
            return ExitStatus.success
        }
        var category = ""
        for card in cards {
            if card.category != category { category = card.category; Terminal.out("\(category):") }
            Terminal.out("  " + describe(card, reveal: args.has("--reveal")))
        }
        if cards.isEmpty { Terminal.out("no cards") }
        return ExitStatus.success
    }

    static func describe(_ card: IDCard, reveal: Bool) -> String {
        let number = reveal ? card.number : StoreAccess.masked(card)
        return "\(card.isDefault ? "★" : " ") \(card.id.uuidString.prefix(8).lowercased())  \(card.name): \(number)"
            + (card.region.map { "  [\($0.rawValue)]" } ?? "")
    }

    static func encoded(_ card: IDCard) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        e.dateEncodingStrategy = .iso8601
        return String(decoding: try e.encode(card), as: UTF8.self)
    }
}

/// `cardscan categories …`.
enum CategoriesCommand: Command {
    static let name = "categories"
    static let abstract = "list categories with their card counts, or add one"
    static let usage = """
        usage: cardscan categories list [--store PATH]
               cardscan categories add NAME [--store PATH]
        """

    static func run(_ arguments: [String]) -> Int32 {
        guard let verb = arguments.first else { return Terminal.usageError("categories needs a subcommand", usage: usage) }
        do {
            let args = try ArgumentList(Array(arguments.dropFirst()), flagNames: [], valueNames: ["--store"])
            let store = try StoreAccess.open(args.value("--store"))
            switch verb {
            case "list": for c in try store.categories() { Terminal.out("\(c.name) (\(c.cards))") }
            case "add":
                guard let name = args.positional.first else { return Terminal.usageError("add needs a NAME", usage: usage) }
                try store.addCategory(name)
                Terminal.out("added \(name)")
            default: return Terminal.usageError("unknown categories subcommand '\(verb)'", usage: usage)
            }
            return ExitStatus.success
        } catch let error as ArgumentList.UsageError {
            return Terminal.usageError(error.description, usage: usage)
        } catch {
            Terminal.err("cardscan: \(error)")
            return ExitStatus.failure
        }
    }
}
