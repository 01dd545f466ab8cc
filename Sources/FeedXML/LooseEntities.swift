import FeedCore
import FoundationEssentials

/// Feeds written by hand or by HTML tools use HTML's named entities (`&nbsp;`, `&eacute;`)
/// that XML does not know, and libxml2's reader gives up on the first one. Before parsing,
/// such a reference (any HTML names, `HTMLEntities`) becomes its numeric form, and an `&` that starts no reference at all
/// is escaped, as other feed readers do. CDATA sections and comments are left as they are.
enum LooseEntities {
    private static let predefined: Set<String> = ["amp", "lt", "gt", "quot", "apos"]
    private static let sections: [([UInt8], [UInt8])] = [
        (Array("<![CDATA[".utf8), Array("]]>".utf8)), (Array("<!--".utf8), Array("-->".utf8)),
    ]

    /// The document with its HTML entities made numeric and its stray `&` escaped; the
    /// same bytes when there is nothing to change. UTF-16 documents are left alone.
    static func fixed(_ data: Data) -> Data {
        guard !data.starts(with: [0xFE, 0xFF]), !data.starts(with: [0xFF, 0xFE]),
            data.contains(UInt8(ascii: "&"))
        else { return data }
        let bytes = [UInt8](data)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count + 64)
        var index = 0
        var changed = false
        while index < bytes.count {
            // Sections whose `&` are not references.
            if bytes[index] == UInt8(ascii: "<") {
                for (open, close) in sections where starts(bytes, at: index, with: open) {
                    let end = find(close, in: bytes, from: index + open.count).map { $0 + close.count } ?? bytes.count
                    output += bytes[index..<end]
                    index = end
                    break
                }
            }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                output.append(byte)
                index += 1
                continue
            }
            let name = bytes[(index + 1)...].prefix(HTMLEntities.longestName + 1).prefix { isNameByte($0) }
            let afterName = index + 1 + name.count
            let terminated = afterName < bytes.count && bytes[afterName] == UInt8(ascii: ";")
            let text = String(decoding: name, as: UTF8.self)
            if terminated, name.first == UInt8(ascii: "#") {
                // A character XML forbids (ESC, BEL…) would stop the parser: it goes here,
                // as the sanitizer would take it out anyway.
                guard let value = numericValue(text), isAllowedInXML(value) else {
                    index = afterName + 1
                    changed = true
                    continue
                }
                output.append(byte)
            } else if terminated, predefined.contains(text) {
                output.append(byte)  // a reference XML reads
            } else if terminated, let scalars = HTMLEntities.scalars(named: text[...]) {
                for scalar in scalars { output += Array("&#\(scalar.value);".utf8) }
                index = afterName + 1
                changed = true
                continue
            } else {
                output += Array("&amp;".utf8)
                changed = true
            }
            index += 1
        }
        return changed ? Data(output) : data
    }

    /// `#233` or `#xE9`, as a number.
    private static func numericValue(_ text: String) -> UInt32? {
        let digits = text.dropFirst()
        if digits.first == "x" || digits.first == "X" { return UInt32(digits.dropFirst(), radix: 16) }
        return UInt32(digits)
    }

    /// XML 1.0's Char production.
    private static func isAllowedInXML(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "#")
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with pattern: [UInt8]) -> Bool {
        index + pattern.count <= bytes.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard start + pattern.count <= bytes.count else { return nil }
        return (start...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }
}
