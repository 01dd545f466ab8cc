/// The sources view's rows: each tag, then its sources, then the tags nested in it
/// (`tech`, its sources, `tech/swift` and its sources), in the order the tags first appear;
/// the sources with no tag last, under their own heading. A source of two tags is under
/// both. Made once when the view opens: the tags of a run do not change.
public enum SourcesListing {
    public enum Row: Hashable, Sendable {
        /// A tag: its whole name (`tech/swift`), how deep it is nested, and every source it
        /// carries (its own and its nested tags'), whose posts Enter opens.
        case tag(String, depth: Int, sources: [Int])
        /// The heading of the sources with no tag.
        case untagged(sources: [Int])
        /// A source, by index, under the heading above it.
        case source(Int, depth: Int)

        /// The sources whose posts the row stands for.
        public var sources: [Int] {
            switch self {
            case .tag(_, _, let sources), .untagged(let sources): sources
            case .source(let index, _): [index]
            }
        }

        public var isSource: Bool {
            if case .source = self { true } else { false }
        }
    }

    /// A tag and what is filed under it, in the order met.
    private final class Node {
        let path: String
        var own: [Int] = []
        var children: [Node] = []

        init(path: String) { self.path = path }

        func child(_ name: Substring) -> Node {
            let path = self.path.isEmpty ? String(name) : self.path + "/" + name
            if let known = children.first(where: { $0.path == path }) { return known }
            let made = Node(path: path)
            children.append(made)
            return made
        }

        /// Its sources and its nested tags', each once, in order.
        var carried: [Int] {
            var seen: Set<Int> = []
            return (own + children.flatMap(\.carried)).filter { seen.insert($0).inserted }
        }

        func rows(depth: Int) -> [Row] {
            [.tag(path, depth: depth, sources: carried)] + own.map { .source($0, depth: depth + 1) }
                + children.flatMap { $0.rows(depth: depth + 1) }
        }
    }

    /// The rows for sources tagged `tags` (by index).
    public static func rows(tags: [[String]]) -> [Row] {
        let root = Node(path: "")
        var untagged: [Int] = []
        for (index, sourceTags) in tags.enumerated() {
            if sourceTags.isEmpty { untagged.append(index) }
            for tag in sourceTags {
                let node = tag.split(separator: "/").reduce(root) { $0.child($1) }
                if !node.own.contains(index) { node.own.append(index) }
            }
        }
        var rows = root.children.flatMap { $0.rows(depth: 0) }
        if !untagged.isEmpty { rows += [.untagged(sources: untagged)] + untagged.map { .source($0, depth: 1) } }
        return rows
    }
}
