extension FeedDocumentDecoder {
    /// Where the posts are, and whose format they are in: the document's structure found
    /// once, then each format asked in turn (or the one the reader named).
    struct Plan {
        var format: any JSONPostFormat
        var plan: JSONPlan

        init(bytes: UnsafeBufferPointer<UInt8>, formats: [any JSONPostFormat], asked: String?) throws {
            let candidates = asked.map { name in formats.filter { $0.name == name } } ?? formats
            guard let last = candidates.last else {
                throw Failure.unexpectedShape("no JSON format is named \(asked ?? "")")
            }
            let start = JSONStructure.skipWhitespace(bytes, from: JSONStructure.startOfDocument(bytes))
            guard start < bytes.count else { throw Failure.empty }
            let shape: JSONShape
            switch bytes[start] {
            case UInt8(ascii: "["):
                shape = try Self.arrayShape(bytes, from: start)
            case UInt8(ascii: "{"):
                shape = try Self.objectShape(bytes, from: start, listKeys: Set(candidates.flatMap(\.listKeys)))
            default:
                // A lone value: say which, unless it is not JSON at all.
                guard JSONSyntaxLocator.firstProblem(in: bytes) == nil else { throw NotStructured() }
                throw Failure.unexpectedShape(
                    "expected \(last.shapeName), found \(JSONValueKind.describe(bytes[start]))")
            }
            for format in candidates {
                if let plan = try format.plan(shape, asked: asked != nil) {
                    self.format = format
                    self.plan = plan
                    return
                }
            }
            if asked != nil { throw Failure.unexpectedShape("expected \(last.shapeName)") }
            let names = candidates.map(\.shapeName)
            let listed =
                names.count > 1
                ? names.dropLast().joined(separator: ", ") + ", or " + (names.last ?? "") : last.shapeName
            throw Failure.unexpectedShape("JSON of no known shape: expected \(listed)")
        }

        /// Anything after the document's one value makes it not JSON.
        private static func checkNothingAfter(_ end: Int, in bytes: UnsafeBufferPointer<UInt8>) throws {
            if JSONStructure.skipWhitespace(bytes, from: end) < bytes.count { throw NotStructured() }
        }

        private static func arrayShape(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws -> JSONShape {
            guard let list = JSONStructure.scanArray(bytes, from: start, limit: bytes.count) else {
                throw NotStructured()
            }
            try checkNothingAfter(list.end, in: bytes)
            var shape = JSONShape(kind: .array, range: start..<list.end)
            shape.elements = list.elements
            shape.firstElementKeys = firstKeys(bytes, of: list.elements)
            return shape
        }

        private static func objectShape(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, listKeys: Set<String>)
            throws -> JSONShape
        {
            guard let scan = JSONStructure.scanObject(bytes, from: start, limit: bytes.count, listKeys: listKeys) else {
                throw NotStructured()
            }
            try checkNothingAfter(scan.end, in: bytes)
            var shape = JSONShape(kind: .object, range: start..<scan.end)
            shape.members = scan.members
            shape.lists = scan.lists
            for (key, elements) in scan.lists { shape.listFirstKeys[key] = firstKeys(bytes, of: elements) }
            for member in scan.members {
                shape.memberFirstBytes[member.key] = JSONStructure.firstByte(of: bytes, in: member.value)
            }
            return shape
        }

        /// The keys of the first of `elements`, when it is an object.
        private static func firstKeys(_ bytes: UnsafeBufferPointer<UInt8>, of elements: [Range<Int>]) -> Set<String> {
            Set(elements.first.flatMap { JSONStructure.members(of: bytes, in: $0) }?.map(\.key) ?? [])
        }
    }
}
