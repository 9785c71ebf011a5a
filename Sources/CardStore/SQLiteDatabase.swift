import CSQLite
import Foundation

/// Why the store could not do something. Descriptions name the store file and the SQL, never a card's values.
public enum StoreError: Error, CustomStringConvertible, Equatable, Sendable {
    /// SQLite reported `code` (extended result code) with `message` while doing `operation`.
    case sqlite(code: Int32, message: String, path: String, operation: String)
    case notACardscanStore(path: String)
    case newerThanThisBuild(path: String, version: Int, known: Int)
    case damaged(path: String, reason: String)
    case cannotCreate(path: String, reason: String)
    case notFound(String)
    case ambiguous(String, matches: Int)
    case invalid(String)

    public var description: String {
        switch self {
        case .sqlite(let code, let message, let path, let operation):
            "\(path): SQLite error \(code) (\(message)) while \(operation)"
        case .notACardscanStore(let path):
            "\(path): this file is not a cardscan store; it was left untouched (choose another --store path)"
        case .newerThanThisBuild(let path, let version, let known):
            "\(path): the store is version \(version), this cardscan knows up to \(known); update cardscan (the file was left untouched)"
        case .damaged(let path, let reason):
            "\(path): the store is damaged (\(reason)); it was left untouched — restore a backup or move it aside"
        case .cannotCreate(let path, let reason):
            "\(path): cannot create the store (\(reason))"
        case .notFound(let what): "no \(what)"
        case .ambiguous(let prefix, let n): "'\(prefix)' matches \(n) cards; give more of the id"
        case .invalid(let why): why
        }
    }

    /// The description with the store's path given as `name` (a web page is not told where the server keeps files).
    public func description(naming name: String) -> String {
        switch self {
        case .sqlite(let code, let message, _, let operation):
            StoreError.sqlite(code: code, message: message, path: name, operation: operation).description
        case .notACardscanStore: StoreError.notACardscanStore(path: name).description
        case .newerThanThisBuild(_, let version, let known): StoreError.newerThanThisBuild(path: name, version: version, known: known).description
        case .damaged(_, let reason): StoreError.damaged(path: name, reason: reason).description
        case .cannotCreate(_, let reason): StoreError.cannotCreate(path: name, reason: reason).description
        case .notFound, .ambiguous, .invalid: description
        }
    }
}

/// One SQLite connection. Owns its `sqlite3*` (closed in deinit); one thread at a time.
final class SQLiteDatabase {
    let path: String
    private let handle: OpaquePointer

    /// The corresponding C function is `sqlite3_open_v2`.
    init(path: String, create: Bool) throws(StoreError) {
        self.path = path
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_FULLMUTEX
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            // https://www.sqlite.org/c3ref/open.html: "Whether or not an error occurs when it is opened, resources
            // associated with the database connection handle should be released by passing it to sqlite3_close()"
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            throw .sqlite(code: code, message: message, path: path, operation: "opening")
        }
        handle = db
        // Two processes adding cards at once wait for each other instead of failing with "database is locked".
        sqlite3_busy_timeout(db, 10_000)
        sqlite3_extended_result_codes(db, 1)
    }

    deinit { sqlite3_close_v2(handle) }

    func check(_ code: Int32, _ operation: String) throws(StoreError) {
        guard code == SQLITE_OK || code == SQLITE_DONE || code == SQLITE_ROW else {
            throw .sqlite(code: code, message: String(cString: sqlite3_errmsg(handle)), path: path, operation: operation)
        }
    }

    /// Runs SQL without results. The corresponding C function is `sqlite3_exec`.
    func execute(_ sql: String) throws(StoreError) {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), "running `\(sql.prefix(60))`")
    }

    /// Runs one statement with bound values, returning every row as column values.
    @discardableResult
    func query(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> [[SQLValue]] {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil), "preparing `\(sql.prefix(60))`")
        defer { sqlite3_finalize(statement) }
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(statement, index)
            case .integer(let v): code = sqlite3_bind_int64(statement, index, v)
            case .text(let v): code = sqlite3_bind_text(statement, index, v, -1, csqlite_transient())
            }
            try check(code, "binding a value for `\(sql.prefix(60))`")
        }
        var rows: [[SQLValue]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            try check(step, "running `\(sql.prefix(60))`")
            var row: [SQLValue] = []
            for column in 0..<sqlite3_column_count(statement) {
                switch sqlite3_column_type(statement, column) {
                case SQLITE_NULL: row.append(.null)
                case SQLITE_INTEGER: row.append(.integer(sqlite3_column_int64(statement, column)))
                default: row.append(.text(String(cString: sqlite3_column_text(statement, column))))
                }
            }
            rows.append(row)
        }
        return rows
    }

    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in one transaction (BEGIN IMMEDIATE, so two writers queue rather than deadlock): committed if it
    /// returns, rolled back if it throws, so nothing half-done is ever saved.
    func write<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}

enum SQLValue: Equatable {
    case null
    case integer(Int64)
    case text(String)

    var text: String? { if case .text(let v) = self { v } else { nil } }
    var integer: Int64? { if case .integer(let v) = self { v } else { nil } }
}
