import CardModel
import CardStore
import Foundation
import Recognition

/// `cardscan cards …`: the saved cards.
enum CardsCommand: Command {
    static let name = "cards"
    static let abstract = "list, search, show, add, delete saved cards; choose a category's default"
    static let usage = """
        usage: cardscan cards list [--category C] [--json] [--reveal] [--store PATH]
               cardscan cards search TEXT [--reveal] [--store PATH]
               cardscan cards show ID [--json] [--store PATH]
               cardscan cards add --name N --number X --category C [--region R] [--code-type T] [--default]
                                  [--no-validate] [--store PATH]
               cardscan cards edit ID [--name N] [--number X] [--category C] [--region R] [--code-type T]
                                  [--default] [--no-validate] [--store PATH]
               cardscan cards duplicate ID [--store PATH]
               cardscan cards delete ID [--store PATH]
               cardscan cards default ID [--store PATH]
               cardscan cards export [FILE] [--store PATH]      (JSON; stdout without FILE)
               cardscan cards import FILE [--store PATH]        (cards already there by id are skipped)

        IDs may be abbreviated to a unique prefix. Health numbers are masked in lists unless --reveal is given.
        add and edit check the number: a Healthcare card named as an NHS number (GB) must pass Modulus 11 in an
        issued range, and one in the NHS test range (999 xxx xxxx) is kept only with --no-validate; Jersey
        (JY123456A) and Guernsey (GY123456) social security numbers must match their form.
        The store is --store PATH, else CARDSCAN_STORE, else $XDG_DATA_HOME/cardscan/cards.db
        (~/.local/share/cardscan/cards.db); it is created with mode 0600.
        """

    static func run(_ arguments: [String]) -> Int32 {
        guard let verb = arguments.first else { return Terminal.usageError("cards needs a subcommand", usage: usage) }
        do {
            let args = try ArgumentList(Array(arguments.dropFirst()), flagNames: ["--json", "--reveal", "--default", "--no-validate"],
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
                if !args.has("--no-validate"), let refusal = CardValidation.refusal(name: name, number: number, category: category, region: region) {
                    return refused(refusal)
                }
                let card = try store.add(IDCard(name: name, number: number, category: category, region: region,
                                                isDefault: args.has("--default"), codeType: codeType))
                Terminal.out("saved \(card.id.uuidString.prefix(8).lowercased()) \(card.name) in \(card.category)")
            case "edit":
                guard let id = args.positional.first else { return Terminal.usageError("edit needs an ID", usage: usage) }
                var card = try store.card(idPrefix: id)
                if let v = args.value("--name") { card.name = v }
                if let v = args.value("--number") { card.number = v }
                if let v = args.value("--category") { card.category = v }
                if let v = args.value("--region") {
                    guard let r = Region(code: v) else { return Terminal.usageError("unknown region '\(v)'; use GB, JE or GG", usage: usage) }
                    card.region = r
                }
                if let v = args.value("--code-type") {
                    guard let c = CodeType(rawValue: v) else { return Terminal.usageError("unknown code type '\(v)'", usage: usage) }
                    card.codeType = c
                }
                if args.has("--default") { card.isDefault = true }
                if !args.has("--no-validate"), let refusal = CardValidation.refusal(name: card.name, number: card.number,
                                                                                      category: card.category, region: card.region) {
                    return refused(refusal)
                }
                try store.update(card)
                Terminal.out("updated \(id)")
            case "duplicate":
                guard let id = args.positional.first else { return Terminal.usageError("duplicate needs an ID", usage: usage) }
                let copy = try store.duplicate(idPrefix: id)
                Terminal.out("saved \(copy.id.uuidString.prefix(8).lowercased()) \(copy.name) in \(copy.category)")
            case "export":
                let data = try CardExport.encode(try store.cards())
                if let file = args.positional.first {
                    // The export holds health numbers: written 0600 like the store.
                    guard FileManager.default.createFile(atPath: file, contents: data, attributes: [.posixPermissions: 0o600]) else {
                        Terminal.err("cardscan: \(file): could not write the export")
                        return ExitStatus.failure
                    }
                } else {
                    Terminal.out(String(decoding: data, as: UTF8.self))
                }
            case "import":
                guard let file = args.positional.first else { return Terminal.usageError("import needs a FILE", usage: usage) }
                guard let data = FileManager.default.contents(atPath: file) else {
                    Terminal.err("cardscan: \(file): cannot be read")
                    return ExitStatus.failure
                }
                let cards: [IDCard]
                do { cards = try CardExport.decode(data) } catch {
                    Terminal.err("cardscan: \(file): not a cardscan export (a JSON list of cards)")
                    return ExitStatus.failure
                }
                let added = try store.importCards(cards)
                Terminal.out("imported \(added) card(s); \(cards.count - added) already there")
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
        } catch {
            return commandFailed(error, usage: usage)
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
        if cards.isEmpty { Terminal.out("No ID cards — add one with `cardscan scan IMAGE --save`") }
        return ExitStatus.success
    }

    static func describe(_ card: IDCard, reveal: Bool) -> String {
        let number = reveal ? card.number : card.maskedNumber
        return "\(card.isDefault ? "★" : " ") \(card.id.uuidString.prefix(8).lowercased())  \(card.name): \(number)"
            + (card.region.map { "  [\($0.rawValue)]" } ?? "")
    }

    static func encoded(_ card: IDCard) throws -> String {
        String(decoding: try CardJSON.encoder.encode(card), as: UTF8.self)
    }
}

/// `cardscan categories …`.
enum CategoriesCommand: Command {
    static let name = "categories"
    static let abstract = "list categories with their card counts, or add one"
    static let usage = """
        usage: cardscan categories list [--store PATH]
               cardscan categories add NAME [--store PATH]
               cardscan categories delete NAME [--move-to OTHER | --delete-cards] [--store PATH]
        """

    static func run(_ arguments: [String]) -> Int32 {
        guard let verb = arguments.first else { return Terminal.usageError("categories needs a subcommand", usage: usage) }
        do {
            let args = try ArgumentList(Array(arguments.dropFirst()), flagNames: ["--delete-cards"], valueNames: ["--store", "--move-to"])
            let store = try StoreAccess.open(args.value("--store"))
            switch verb {
            case "list": for c in try store.categories() { Terminal.out("\(c.name) (\(c.cards))") }
            case "add":
                guard let name = args.positional.first else { return Terminal.usageError("add needs a NAME", usage: usage) }
                try store.addCategory(name)
                Terminal.out("added \(name)")
            case "delete":
                guard let name = args.positional.first else { return Terminal.usageError("delete needs a NAME", usage: usage) }
                try store.deleteCategory(name, moveTo: args.value("--move-to"), deleteCards: args.has("--delete-cards"))
                Terminal.out("deleted \(name)")
            default: return Terminal.usageError("unknown categories subcommand '\(verb)'", usage: usage)
            }
            return ExitStatus.success
        } catch {
            return commandFailed(error, usage: usage)
        }
    }
}
