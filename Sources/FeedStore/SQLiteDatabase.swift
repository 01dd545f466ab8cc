import CSQLite
import FoundationEssentials

/// One connection to an SQLite file: statements prepared, values always bound, never
/// spliced into SQL. Not shared between threads: its owner serialises the calls.
final class SQLiteDatabase {
    /// An SQLite result code with its message: "database is locked", "file is not a
    /// database".
    struct Failure: Error, Equatable, CustomStringConvertible {
        var code: Int32
        var message: String

        var description: String { message }

        /// The file holds no database, or a damaged one.
        var isNotAStore: Bool {
            let primary = code & 0xFF
            return primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT
        }
    }

    /// A value bound to a statement or read from a row.
    enum Value: Equatable, Sendable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
    }

    private let handle: OpaquePointer
    let path: String
    /// Statements prepared once and kept, by their SQL: a refresh runs the same few
    /// statements for each of its posts.
    private var prepared: [String: OpaquePointer] = [:]

    /// Opens (creating when `create`) the file at `path`, waiting up to `busyTimeout` for
    /// another connection's lock.
    init(path: String, create: Bool = true, busyTimeout: Duration = .seconds(5)) throws(Failure) {
        var handle: OpaquePointer?
        let flags =
            SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(handle)
            throw Failure(code: status, message: message)
        }
        self.handle = handle
        self.path = path
        sqlite3_busy_timeout(handle, Int32(busyTimeout.components.seconds * 1000))
    }

    deinit {
        for statement in prepared.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Runs `sql`, binding `values` to its parameters in order; returns its rows.
    @discardableResult
    func execute(_ sql: String, _ values: [Value] = []) throws(Failure) -> [[Value]] {
        var rows: [[Value]] = []
        try forEachRow(sql, values) { rows.append($0) }
        return rows
    }

    /// Runs `sql` and hands each row to `body` as it comes: a start reads thousands of
    /// posts, which need not all be held as values at once.
    func forEachRow(_ sql: String, _ values: [Value] = [], _ body: ([Value]) throws -> Void) throws(Failure) {
        let (statement, kept) = try prepare(sql)
        defer {
            if kept {
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
            } else {
                sqlite3_finalize(statement)
            }
        }
        for (index, value) in values.enumerated() {
            try bind(value, at: Int32(index + 1), in: statement)
        }
        // One row's array, filled anew for each: a start reads 15,000 rows, and an array
        // made and freed for each was a tenth of the read.
        let columns = sqlite3_column_count(statement)
        var row: [Value] = []
        row.reserveCapacity(Int(columns))
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw failure(status) }
            row.removeAll(keepingCapacity: true)
            for index in 0..<columns { row.append(column(statement, index)) }
            do {
                try body(row)
            } catch let failure as Failure {
                throw failure
            } catch {
                throw Failure(code: SQLITE_ABORT, message: "\(error)")
            }
        }
    }

    /// Runs statements with no parameters, such as a schema, at once.
    func executeScript(_ sql: String) throws(Failure) {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw failure(status) }
    }

    /// Runs `body` in one transaction, `BEGIN IMMEDIATE` so that a writer waits for
    /// another writer up front rather than failing midway; rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }

    /// One value: the first column of the first row.
    func scalar(_ sql: String, _ values: [Value] = []) throws(Failure) -> Value {
        try execute(sql, values).first?.first ?? .null
    }

    /// The statement for `sql`, and whether it is kept for the next call (pragmas, run
    /// once or twice, are not).
    private func prepare(_ sql: String) throws(Failure) -> (OpaquePointer, kept: Bool) {
        if let statement = prepared[sql] { return (statement, true) }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw failure(status) }
        guard !sql.hasPrefix("PRAGMA") else { return (statement, false) }
        prepared[sql] = statement
        return (statement, true)
    }

    private func bind(_ value: Value, at index: Int32, in statement: OpaquePointer) throws(Failure) {
        let status: Int32
        switch value {
        case .null: status = sqlite3_bind_null(statement, index)
        case .integer(let number): status = sqlite3_bind_int64(statement, index, number)
        case .real(let number): status = sqlite3_bind_double(statement, index, number)
        case .text(let text): status = sqlite3_bind_text(statement, index, text, -1, CSQLite_transient())
        }
        guard status == SQLITE_OK else { throw failure(status) }
    }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> Value {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT, SQLITE_BLOB:
            // By the length SQLite gives, without a walk for the end.
            .text(
                sqlite3_column_text(statement, index).map {
                    String(
                        decoding: UnsafeBufferPointer(start: $0, count: Int(sqlite3_column_bytes(statement, index))),
                        as: UTF8.self)
                } ?? "")
        default: .null
        }
    }

    private func failure(_ status: Int32) -> Failure {
        Failure(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }
}

extension SQLiteDatabase.Value {
    var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    var real: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    init(_ text: String?) { self = text.map(Self.text) ?? .null }
    init(_ number: Double?) { self = number.map(Self.real) ?? .null }
    init(_ number: Int?) { self = number.map { .integer(Int64($0)) } ?? .null }
}
