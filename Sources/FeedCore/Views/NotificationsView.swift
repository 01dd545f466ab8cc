import FoundationEssentials

/// `i`: the notifications of the account that reads the selected post's source, pushed over
/// the view it was opened from: a mention with its status, the rest saying who did what.
/// Skeleton rows stand where they will be while the server is asked.
public struct NotificationsView: StackedView {
    /// Names the answer this view waits for.
    public let request: Int
    /// The source whose account's notifications these are; it acts on their statuses.
    public let source: Int
    public private(set) var rows: [Post]?
    public private(set) var failure: Failure?
    public private(set) var selected = 0
    var expanded: Set<PostID> = []
    /// "now" for the rows' ages.
    let now: Date

    /// Skeleton rows while they load: a screen's worth, about.
    static let skeletonRows = 6

    public init(request: Int, source: Int, now: Date) {
        self.request = request
        self.source = source
        self.now = now
    }

    public var isLoading: Bool { rows == nil && failure == nil }

    /// The server's answer: the rows, or why there are none.
    mutating func fill(with outcome: Result<[Post], Failure>) {
        switch outcome {
        case .success(var posts):
            posts.tag(with: PostSource(index: source, name: nil))
            rows = posts
        case .failure(let failure):
            self.failure = failure
        }
    }

    /// A notification streamed while the view is open: on top.
    mutating func takeStreamed(_ post: Post) {
        guard var current = rows else { return }
        var posts = [post]
        posts.tag(with: PostSource(index: source, name: nil))
        guard let row = posts.first, !current.contains(where: { $0.id == row.id }) else { return }
        current.insert(row, at: 0)
        if selected > 0 { selected += 1 }
        rows = current
    }

    public var status: String {
        if isLoading { return "Notifications · loading · Esc back" }
        if let failure { return "Notifications · could not load them: \(failure.message) · Esc back" }
        let count = rows?.count ?? 0
        return "Notifications · \(count) · Esc back"
    }

    public var keyHelp: [ActionHelp] {
        [
            ActionHelp([.next, .previous], "next, previous"),
            ActionHelp([.first, .last], "first, last"),
            ActionHelp([.toggleExpanded], "expand or collapse the row"),
            ActionHelp(
                [.like, .boost, .bookmark, .thread, .reply], "on a mention: like, boost, bookmark, thread, reply"),
            ActionHelp([.openLink], "open its link"),
        ]
    }

    public var isAnimating: Bool { isLoading }

    public var selectedPost: Post? {
        guard let rows, rows.indices.contains(selected) else { return nil }
        return rows[selected]
    }

    public mutating func handle(_ action: KeyAction) -> [AppEffect] {
        StackedRows.handle(
            action, selected: &selected, count: rows?.count ?? 0, expanded: &expanded, post: selectedPost)
    }

    public mutating func update(_ target: ActionTarget, to state: StatusState) {
        guard target.source == source, var current = rows else { return }
        for index in current.indices where current[index].statusID == target.statusID {
            current[index].update(to: state)
        }
        rows = current
    }

    public func draw(into buffer: inout ScreenBuffer, height: Int, context: DrawContext) {
        let drawn: [StackedRows.Row] =
            if let rows {
                rows.enumerated().map { .post($1, selected: $0 == selected, indent: 0) }
            } else if failure == nil {
                (0..<Self.skeletonRows).map { .skeleton(index: $0, indent: 0) }
            } else {
                []
            }
        StackedRows(rows: drawn, expanded: expanded, now: now).draw(into: &buffer, height: height, context: context)
    }
}
