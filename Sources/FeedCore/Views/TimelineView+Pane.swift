/// The reading pane's scroll: the timeline's, kept for the post it was scrolled on.
extension TimelineView {
    /// The lines of post `id`'s text scrolled off the pane's top.
    func paneScroll(of id: PostID) -> Int {
        paneScrolled?.post == id ? paneScrolled?.lines ?? 0 : 0
    }

    /// `J`, `K`: the pane's text scrolled by `lines`, within the `total` lines it has on a
    /// pane `height` lines high.
    mutating func scrollPane(by lines: Int, total: Int, height: Int) {
        guard let id = selectedPost?.id else { return }
        let most = max(0, total - height)
        paneScrolled = (id, min(most, max(0, paneScroll(of: id) + lines)))
    }
}
