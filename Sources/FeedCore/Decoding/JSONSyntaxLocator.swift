/// Finds where a document stops being JSON, as a line and column, for error messages.
///
/// `JSONDecoder` here says only "not valid JSON", which leaves a user to hunt for the
/// mistake. This scanner runs only after decoding failed. It keeps its nesting on an
/// explicit stack, so a document nested 100,000 deep cannot overflow the call stack.
public enum JSONSyntaxLocator {
    public struct Problem: Hashable, Sendable {
        public var line: Int
        public var column: Int
        public var expected: String

        public var description: String { "line \(line), column \(column): \(expected)" }
    }

    /// The first syntax problem in `bytes`, or nil when they are well-formed JSON.
    public static func firstProblem(in bytes: some Collection<UInt8>) -> Problem? {
        var scanner = Scanner(bytes: Array(bytes))
        return scanner.scanDocument()
    }

    private enum Container { case array, object }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            // A UTF-8 byte-order mark is not JSON, but the decoder forgives it.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func scanDocument() -> Problem? {
            var stack: [Container] = []
            skipWhitespace()
            if let problem = scanValue(stack: &stack) { return problem }
            while !stack.isEmpty {
                skipWhitespace()
                guard index < bytes.count else {
                    return problem(stack.last == .array ? "\",\" or \"]\"" : "\",\" or \"}\"")
                }
                let byte = bytes[index]
                let closer: UInt8 = stack.last == .array ? 0x5D : 0x7D
                if byte == closer {
                    index += 1
                    stack.removeLast()
                    continue
                }
                guard byte == 0x2C else {
                    return problem(stack.last == .array ? "\",\" or \"]\"" : "\",\" or \"}\"")
                }
                index += 1
                skipWhitespace()
                if stack.last == .object, let problem = scanMemberName() { return problem }
                if let problem = scanValue(stack: &stack) { return problem }
            }
            skipWhitespace()
            return index < bytes.count ? problem("the end of the document") : nil
        }

        /// Scans one value; an opened array or object is pushed and its first member read.
        mutating func scanValue(stack: inout [Container]) -> Problem? {
            while true {
                skipWhitespace()
                guard index < bytes.count else { return problem("a value") }
                switch bytes[index] {
                case 0x5B, 0x7B:  // [ {
                    let container: Container = bytes[index] == 0x5B ? .array : .object
                    index += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == (container == .array ? 0x5D : 0x7D) {
                        index += 1  // empty
                        return nil
                    }
                    stack.append(container)
                    if container == .object, let problem = scanMemberName() { return problem }
                    continue  // the first element or member value
                case 0x22: return scanString()
                case 0x74: return scanLiteral("true")
                case 0x66: return scanLiteral("false")
                case 0x6E: return scanLiteral("null")
                case 0x2D, 0x30...0x39: return scanNumber()
                default: return problem("a value")
                }
            }
        }

        mutating func scanMemberName() -> Problem? {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == 0x22 else { return problem("a member name") }
            if let problem = scanString() { return problem }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == 0x3A else { return problem("\":\"") }
            index += 1
            return nil
        }

        mutating func scanString() -> Problem? {
            index += 1  // the opening quote
            while index < bytes.count {
                switch bytes[index] {
                case 0x22:
                    index += 1
                    return nil
                case 0x5C:
                    index += 2
                case 0x00...0x1F:
                    return problem("a closing quote (control characters must be escaped)")
                default:
                    index += 1
                }
            }
            return problem("a closing quote")
        }

        mutating func scanLiteral(_ literal: String) -> Problem? {
            for expected in literal.utf8 {
                guard index < bytes.count, bytes[index] == expected else {
                    return problem("\"\(literal)\"")
                }
                index += 1
            }
            return nil
        }

        mutating func scanNumber() -> Problem? {
            if bytes[index] == 0x2D { index += 1 }
            let digitsStart = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            if index == digitsStart { return problem("a digit") }
            if index < bytes.count, bytes[index] == 0x2E {
                index += 1
                let fractionStart = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                if index == fractionStart { return problem("a digit") }
            }
            if index < bytes.count, bytes[index] | 0x20 == 0x65 {  // e or E
                index += 1
                if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
                let exponentStart = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                if index == exponentStart { return problem("a digit") }
            }
            return nil
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        /// A problem at the current position; columns count characters, not bytes.
        func problem(_ expected: String) -> Problem {
            let end = min(index, bytes.count)
            var line = 1
            var lineStart = 0
            for position in 0..<end where bytes[position] == 0x0A {
                line += 1
                lineStart = position + 1
            }
            // Count UTF-8 lead bytes only, so a column is a character position.
            let column = 1 + bytes[lineStart..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            let found: String
            if index >= bytes.count {
                found = "the end of the document"
            } else {
                found = Scanner.describe(bytes[index])
            }
            return Problem(line: line, column: column, expected: "expected \(expected), found \(found)")
        }

        static func describe(_ byte: UInt8) -> String {
            switch byte {
            case 0x21...0x7E: "\"\(Character(Unicode.Scalar(byte)))\""
            default: "byte 0x\(String(byte, radix: 16, uppercase: true))"
            }
        }
    }
}
