/// A number as tt-rss writes it: PHP sends some as numbers and some, depending on the
/// database driver and the field, as strings ("12").
struct TTRSSNumber: Decodable, Hashable, Sendable {
    let value: Int

    init(_ value: Int) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else if let text = try? container.decode(String.self), let number = Int(text) {
            value = number
        } else if let flag = try? container.decode(Bool.self) {
            value = flag ? 1 : 0
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a number")
        }
    }
}

/// A flag as tt-rss writes it: `true`, or from some drivers "t", "true", "1" or 1.
struct TTRSSFlag: Decodable, Hashable, Sendable {
    let value: Bool

    init(_ value: Bool) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            value = flag
        } else if let number = try? container.decode(Int.self) {
            value = number != 0
        } else if let text = try? container.decode(String.self) {
            value = ["t", "true", "1"].contains(text.lowercased())
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a flag")
        }
    }
}
