/// A stream of server-sent events (the `text/event-stream` of Mastodon's streaming API),
/// read as its bytes arrive, in pieces of any size: lines of `field: value`, an event at
/// each blank line, comments (a line starting with `:`, the server's keep-alive) read and
/// set aside. An event larger than `maxEventSize` is dropped whole, and said, so that a
/// stream cannot make the viewer hold more than that.
public struct ServerSentEvents: Sendable {
    public struct Event: Equatable, Sendable {
        /// The `event` field; "message" where there is none, as the format says.
        public var name: String
        /// The `data` lines, joined with line feeds.
        public var data: String
        public var id: String?

        public init(name: String, data: String, id: String?) {
            self.name = name
            self.data = data
            self.id = id
        }
    }

    /// What a piece of the stream brought.
    public enum Item: Equatable, Sendable {
        case event(Event)
        /// A comment: the server is there.
        case keepAlive
        /// An event over the bound, dropped; how many bytes it had reached.
        case tooLarge(bytes: Int)
    }

    /// The most an event may weigh (its lines, before the blank line ending it).
    public let maxEventSize: Int
    /// The line read so far, and its length with what was skipped of it.
    private var line: [UInt8] = []
    private var lineLength = 0
    /// A carriage return ended the last line: a line feed right after it ends nothing.
    private var afterCarriageReturn = false
    private var name: String?
    private var data: [String] = []
    private var id: String?
    /// Bytes of the event's fields so far (comments are not the event's); over the bound,
    /// the rest of it is skipped.
    private var eventSize = 0
    private var skipping = false

    public init(maxEventSize: Int = 1 << 20) {
        self.maxEventSize = maxEventSize
    }

    /// The items `bytes` complete, in order.
    public mutating func read(_ bytes: some Sequence<UInt8>) -> [Item] {
        var items: [Item] = []
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\n"):
                endLine(into: &items)
            case UInt8(ascii: "\r"):
                afterCarriageReturn = true
                endLine(into: &items)
            default:
                lineLength += 1
                if skipping { continue }
                if eventSize + line.count >= maxEventSize {
                    items.append(.tooLarge(bytes: eventSize + line.count + 1))
                    skipping = true
                    line = []
                    data = []
                    continue
                }
                line.append(byte)
            }
        }
        return items
    }

    /// A line is complete: a field, a comment, or the blank line that ends an event.
    private mutating func endLine(into items: inout [Item]) {
        defer { (line, lineLength) = ([], 0) }
        guard lineLength > 0 else {
            if !skipping, !data.isEmpty || name != nil {
                items.append(.event(Event(name: name ?? "message", data: data.joined(separator: "\n"), id: id)))
            }
            (name, data, eventSize, skipping) = (nil, [], 0, false)
            return
        }
        guard !skipping else { return }
        if line.first == UInt8(ascii: ":") {
            items.append(.keepAlive)
            return
        }
        eventSize += line.count + 1
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        let field = String(decoding: line[..<colon], as: UTF8.self)
        var value = line[colon...].dropFirst()
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        let text = String(decoding: value, as: UTF8.self)
        switch field {
        case "event": name = text
        case "data": data.append(text)
        case "id": id = text
        default: break  // "retry", and fields the format does not know
        }
    }
}
