/// Where a view is laid out: the screen's size, what the options change of its rows, and
/// the cache its row layouts are kept in.
struct ViewFrame {
    var size: TerminalSize
    var tracksRead: Bool
    var pictures: Bool
    /// Glyphs written as words (`--accessible`).
    var inWords = false
    /// The sources whose rows draw no pictures, and those that draw theirs in cells.
    var sourceImages: [Int: ImageChoice] = [:]
    let layouts: RowLayoutCache
    /// The reader's actions on the server, for the marks rows show.
    var actions = ServerActions()
    /// The networks' words, by name, for the rows.
    var networks: [NetworkID: NetworkWords] = [:]
    /// The reading pane, when the screen is split: the rows then take its left part.
    var pane: ReadingPane?

    /// The columns the timeline's rows are laid out in.
    var rowsWidth: Int { pane?.listWidth ?? size.width }

    /// Whether the screen is too small to show rows.
    var isTooSmall: Bool {
        size.width < AppState.minimumSize.width || size.height < AppState.minimumSize.height
    }
}

extension TimelineView {
    /// Skeleton rows below the posts, for the sources still to bring their first posts
    /// and the pages loading.
    public var footerSkeletonRows: Int {
        isLoading || feed == nil ? 0 : SourceFooter.skeletonRows(tally)
    }

    /// The rows shown, laid out in `frame`, with the reader's expansions and likes.
    func viewport(in frame: ViewFrame) -> FeedViewport {
        var viewport = FeedViewport(
            posts: shownPosts, width: frame.rowsWidth, height: frame.size.height - 1, now: referenceDate,
            expanded: expanded, liked: liked, muted: showsMuted ? mutedIDs : [], actions: frame.actions,
            sending: outgoing, voting: voting,
            read: frame.tracksRead ? read : nil,
            pictures: frame.pictures, sourceImages: frame.sourceImages,
            footerHeight: footerHeight(in: frame), cache: frame.layouts, contentVersion: contentVersion)
        viewport.inWords = frame.inWords
        viewport.namesNetworks = namesNetworks
        viewport.networks = frame.networks
        return viewport
    }

    /// Lines below the last post: skeleton rows, then a line for each failure.
    func footerHeight(in frame: ViewFrame) -> Int {
        guard feed != nil else { return 0 }
        return SourceFooter.height(
            of: tally, skeletonRows: footerSkeletonRows, width: frame.rowsWidth, cache: frame.layouts,
            unread: frame.tracksRead)
    }
}
