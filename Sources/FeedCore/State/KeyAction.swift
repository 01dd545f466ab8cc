/// What a key does. `AppState` gives each its meaning; the raw value is the name a
/// configuration binds it by (`bind n next-unread`) and `shimmerfeed keys` lists.
public enum KeyAction: String, Hashable, Sendable, CaseIterable {
    case next, previous
    case pageDown = "page-down"
    case pageUp = "page-up"
    case halfPageDown = "half-page-down"
    case halfPageUp = "half-page-up"
    case first, last
    case toggleExpanded = "expand"
    case like, boost, bookmark, thread, reply, quote, compose
    case openLink = "open"
    case links
    case copyLink = "copy-link"
    /// The selected post, as `print` writes it in paragraphs, to `$PAGER`.
    case pager
    case reload, pause, redraw, help, quit
    case nextUnread = "next-unread"
    case toggleRead = "toggle-read"
    case markAllRead = "mark-all-read"
    case search, notifications
    case showMuted = "show-muted"
    case unreadOnly = "unread-only"
    /// The reading pane: shown or hidden, and its text scrolled.
    case pane
    case paneDown = "pane-down"
    case paneUp = "pane-up"
    /// The sources view: every source with its unread count, by tag.
    case sources
    case scrollDown = "scroll-down"
    case scrollUp = "scroll-up"
    /// A click's: the row under the pointer. No key can be bound to it.
    case select

    /// The actions a key may be bound to, in the order `shimmerfeed keys` lists them.
    public static var bindable: [KeyAction] { allCases.filter { $0 != .select } }
}
