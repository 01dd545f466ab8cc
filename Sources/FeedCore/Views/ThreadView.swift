import FoundationEssentials

/// `t`: a post's thread, pushed over the view it was opened from. The statuses it answers
/// above it, the replies below, each indented by how deep it sits. While the server is
/// asked, the rows that will come are skeleton rows where they will be: one above for a
/// reply, one below for each reply it counts (up to three).
public struct ThreadView: StackedView {
    /// Names the answer this view waits for.
    public let request: Int
    /// The source the post came through: its server tells the thread, and acts on its posts.
    public let source: Int
    public private(set) var focus: Post
    /// Nil while loading.
    public private(set) var ancestors: [Post]?
    public private(set) var replies: [Post]?
    /// How deep each reply sits (1: a reply to the post).
    public private(set) var depths: [Int] = []
    public private(set) var failure: Failure?
    /// The selected row, from the top: the post itself until the thread arrives.
    public private(set) var selected = 0
    var expanded: Set<PostID> = []
    /// "now" for the rows' ages.
    let now: Date

    /// The most skeleton rows below the post while its replies load.
    static let skeletonReplies = 3

    public init(request: Int, source: Int, focus: Post, now: Date) {
        self.request = request
        self.source = source
        self.focus = focus
        self.now = now
    }

    public var isLoading: Bool { ancestors == nil && failure == nil }

    /// The posts, top to bottom, with how deep each sits.
    var rows: [(post: Post, depth: Int)] {
        (ancestors ?? []).map { ($0, 0) } + [(focus, 0)] + zip(replies ?? [], depths).map { ($0, $1) }
    }

    /// The server's answer: the thread, or why there is none. The post stays selected.
    mutating func fill(with outcome: Result<ThreadContext, Failure>) {
        switch outcome {
        case .success(let context):
            let tag = PostSource(index: source, name: nil)
            var above = context.ancestors
            var below = context.descendants
            above.tag(with: tag)
            below.tag(with: tag)
            depths = context.depths(under: focus.statusID ?? "")
            ancestors = above
            replies = below
            selected = above.count
        case .failure(let failure):
            self.failure = failure
        }
    }

    public var status: String {
        if isLoading { return "Thread · loading · Esc back" }
        if let failure { return "Thread · could not load it: \(failure.message) · Esc back" }
        let above = ancestors?.count ?? 0
        let below = replies?.count ?? 0
        return "Thread · \(above) above · \(below) \(below == 1 ? "reply" : "replies") · Esc back"
    }

    public var keyHelp: [ActionHelp] {
        [
            ActionHelp([.next, .previous], "next, previous post"),
            ActionHelp([.first, .last], "first, last post"),
            ActionHelp([.toggleExpanded], "expand or collapse the post"),
            ActionHelp([.like, .boost, .bookmark], "like, boost, bookmark; again undoes"),
            ActionHelp([.thread], "the thread of the selected post"),
            ActionHelp([.openLink], "open the post's link"),
        ]
    }

    public var isAnimating: Bool { isLoading }

    public var selectedPost: Post? {
        let rows = rows
        return rows.indices.contains(selected) ? rows[selected].post : nil
    }

    public mutating func handle(_ action: KeyAction) -> [AppEffect] {
        StackedRows.handle(action, selected: &selected, count: rows.count, expanded: &expanded, post: selectedPost)
    }

    public mutating func update(_ target: ActionTarget, to state: StatusState) {
        guard target.source == source else { return }
        func updated(_ post: inout Post) {
            guard post.statusID == target.statusID else { return }
            post.update(to: state)
        }
        updated(&focus)
        if var above = ancestors {
            for index in above.indices { updated(&above[index]) }
            ancestors = above
        }
        if var below = replies {
            for index in below.indices { updated(&below[index]) }
            replies = below
        }
    }

    public func draw(into buffer: inout ScreenBuffer, height: Int, context: DrawContext) {
        var drawn: [StackedRows.Row] = []
        if isLoading, focus.inReplyToID != nil { drawn.append(.skeleton(index: 0, indent: 0)) }
        for (index, row) in rows.enumerated() {
            drawn.append(.post(row.post, selected: index == selected, indent: Self.indent(depth: row.depth)))
        }
        if isLoading {
            for index in 0..<min(focus.replies ?? 0, Self.skeletonReplies) {
                drawn.append(.skeleton(index: index + 1, indent: Self.indent(depth: 1)))
            }
        }
        StackedRows(rows: drawn, expanded: expanded, now: now).draw(into: &buffer, height: height, context: context)
    }

    /// Two cells a level, at most four levels: a deep thread still has room for its text.
    static func indent(depth: Int) -> Int { min(depth, 4) * 2 }
}
