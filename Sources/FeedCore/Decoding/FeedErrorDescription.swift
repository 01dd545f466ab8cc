import FoundationEssentials

/// Turns decoding failures into sentences a user can act on.
public enum FeedErrorDescription {
    /// A failure of the whole document.
    public static func describe(_ error: any Error, data: Data) -> Failure {
        if let failure = error as? Failure { return failure }
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return .empty }
        if let problem = JSONSyntaxLocator.firstProblem(in: data) {
            return .notJSON("\(problem.description)\(htmlHint(data))")
        }
        let depth = JSONStructure.depth(of: data)
        if depth > maximumDepth { return .tooDeep(depth: depth, limit: maximumDepth) }
        return describeField(error)
    }

    /// How deep JSONDecoder reads before it gives up.
    static let maximumDepth = 512

    /// A failure inside one post: the field and what was wrong with it.
    static func describeField(_ error: any Error) -> Failure {
        guard let decodingError = error as? DecodingError else { return Failure(error) }
        switch decodingError {
        case .keyNotFound(let key, let context):
            return .invalidPost("\(path(context.codingPath + [key])) is missing")
        case .typeMismatch(let type, let context):
            return .invalidPost("\(path(context.codingPath)): expected \(name(of: type))")
        case .valueNotFound(let type, let context):
            return .invalidPost("\(path(context.codingPath)): expected \(name(of: type)), found null")
        case .dataCorrupted(let context):
            return .invalidPost("\(path(context.codingPath)): \(context.debugDescription)")
        @unknown default:
            return .invalidPost(String(describing: decodingError))
        }
    }

    private static func htmlHint(_ data: Data) -> String {
        let head = String(decoding: data.prefix(64), as: UTF8.self)
            .trimmingWhitespace().lowercased()
        return head.hasPrefix("<") ? " (the document looks like HTML)" : ""
    }

    /// `author.name`, `[3].likes`: the path inside one post, without the posts array.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        var parts: [String] = []
        for key in codingPath {
            if let index = key.intValue {
                parts.append("[\(index)]")
            } else {
                parts.append(parts.isEmpty ? snakeCase(key.stringValue) : "." + snakeCase(key.stringValue))
            }
        }
        // The first two keys locate the post itself ("posts", [n]); keep what is inside.
        let inside = parts.drop(while: { $0 == "posts" || $0.hasPrefix("[") })
        let joined = inside.joined()
        let trimmed = joined.hasPrefix(".") ? String(joined.dropFirst()) : joined
        return trimmed.isEmpty ? "the post" : trimmed
    }

    /// Keys were converted from snake_case for decoding; show them as the feed spells them.
    private static func snakeCase(_ key: String) -> String {
        var result = ""
        for character in key {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is PostID.Type: "a number or a string"
        default:
            String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
