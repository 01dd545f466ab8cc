/// The stack of views as the state shows it: pushing a view, and what the help overlay
/// lists for the view on top.
extension AppState {
    /// `view` goes over the view on top; it takes the keys until Esc pops it.
    mutating func push(_ view: some StackedView) {
        views.push(view)
        timing.needsFrame = true
    }

    /// The help overlay's lines for the view on top: the timeline's every key, or a
    /// pushed view's own keys, Esc, and the app-wide keys.
    public var keyHelp: [KeyHelp] {
        let keys = options.keys
        guard let top = views.top else {
            return KeyBinding.all.map { KeyHelp(label: $0.label(in: keys), summary: $0.summary) }
        }
        var beneathPushed = keys
        // Esc pops a pushed view: it quits only from the timeline.
        beneathPushed.unbind(.escape)
        let appWide = KeyBinding.all.filter { $0.actions.allSatisfy(\.isAppWide) }.map { binding in
            KeyHelp(label: binding.label(in: beneathPushed), summary: binding.summary)
        }
        return top.keyHelp.map { $0.help(in: keys) } + [KeyHelp(label: "Esc", summary: "back to the view beneath")]
            + appWide
    }

    /// `M`: the muted posts shown, dimmed, or hidden again; the status line says which.
    mutating func showMuted() {
        guard timeline.mutedCount > 0 || timeline.showsMuted else {
            notices.say("Nothing is muted.")
            return
        }
        timeline.toggleMuted(in: frame)
        timing.needsFrame = true
    }

    /// `L`: the selected post's links, pushed over the view.
    mutating func openLinks(of post: Post?) -> [AppEffect] {
        guard let post else { return [] }
        guard let links = LinksView(post: post) else {
            notices.say("This post has no links.")
            return []
        }
        push(links)
        return []
    }

    /// `y`: the selected post's own address, to the clipboard.
    mutating func copyLink(of post: Post?) -> [AppEffect] {
        guard let url = post?.url, WebAddress.isWeb(url) else {
            if post != nil { notices.say("This post has no link.") }
            return []
        }
        return [.copyToClipboard(url)]
    }

    /// `|`: the post in paragraphs with labelled fields, to the reader's pager.
    func showInPager(_ post: Post?) -> [AppEffect] {
        guard let post else { return [] }
        let source = timeline.source(of: post)?.name ?? ""
        let unread = options.tracksRead && !timeline.read.contains(post.id)
        let entry = TimelinePrint.Entry(post: post, source: source, unread: unread)
        return [.showInPager(TimelinePrint.paragraph(entry))]
    }
}
