/// Every key, written once: the standard keys, what they do, and the words for them. The
/// `?` overlay, `--help` and the manual's KEYS all come from this list (a test holds
/// the manual to it), each row showing the keys its actions have in the run's `KeyMap`.
public struct KeyBinding: Sendable {
    /// What they do, in a few words, for the overlay and `--help`.
    public var summary: String
    /// More for the manual, when there is more to say.
    public var detail: String?
    /// The standard keys, in the order the help shows them.
    public var keys: [(key: Key, action: KeyAction)]
    /// Words instead of the keys' names, for keys that have none (the mouse's).
    var fixedLabel: String?

    init(
        label fixedLabel: String? = nil, summary: String, detail: String? = nil,
        keys: [(key: Key, action: KeyAction)]
    ) {
        self.fixedLabel = fixedLabel
        self.summary = summary
        self.detail = detail
        self.keys = keys
    }

    /// The row's actions, in the order of their first key.
    public var actions: [KeyAction] {
        keys.map(\.action).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// The keys as the help shows them in `map`: each action's keys, two spaces between
    /// actions (`j ↓  k ↑`); "unbound" for a row whose actions have no key.
    public func label(in map: KeyMap) -> String {
        let words = [fixedLabel, map.label(for: actions)].compactMap { $0 }
        return words.isEmpty ? "unbound" : words.joined(separator: "  ")
    }

    /// The label with the standard keys, as the manual shows it.
    public var label: String { label(in: .standard) }

    public static let all: [KeyBinding] = [
        KeyBinding(
            summary: "next, previous post",
            detail: "a post taller than the screen scrolls through first",
            keys: [(.character("j"), .next), (.down, .next), (.character("k"), .previous), (.up, .previous)]),
        KeyBinding(
            summary: "page down, up",
            keys: [
                (.character(" "), .pageDown), (.character("f"), .pageDown), (.pageDown, .pageDown),
                (.character("b"), .pageUp), (.pageUp, .pageUp),
            ]),
        KeyBinding(
            summary: "half a page down, up",
            keys: [
                (.character("d"), .halfPageDown), (.control("d"), .halfPageDown), (.character("u"), .halfPageUp),
                (.control("u"), .halfPageUp),
            ]),
        KeyBinding(
            summary: "first, last post",
            keys: [(.character("g"), .first), (.home, .first), (.character("G"), .last), (.end, .last)]),
        KeyBinding(
            summary: "expand or collapse the post; reading pane",
            detail:
                "the whole content of the selected post, or back to its first lines; in a poll you may "
                + "vote in (read with an account), the number keys choose, and Enter sends the vote; on a "
                + "terminal 160 columns wide or more (`pane auto|on|off` in the configuration file, or "
                + "`--pane`), the selected post's whole text stands in a pane beside the timeline, its links "
                + "numbered as `L` numbers them, its pictures as its row draws them; `v` shows or hides it (from "
                + "100 columns), `J` and `K` scroll it without moving the selection",
            keys: [
                (.enter, .toggleExpanded), (.character("v"), .pane), (.character("J"), .paneDown),
                (.character("K"), .paneUp),
            ]),
        KeyBinding(
            summary: "like, boost, bookmark; again undoes",
            detail:
                "on a server's timeline read with an account, a like, boost or bookmark (⚑) on the server, in its "
                + "words (a favourite, a repost), as far as the network keeps them: "
                + "shown at once, pulsing until the server answers, taken back with the reason if it refuses, "
                + "and kept to send at the next chance if it cannot be reached; elsewhere `l` likes here only, "
                + "across reloads, and with the store between runs",
            keys: [(.character("l"), .like), (.character("B"), .boost), (.character("m"), .bookmark)]),
        KeyBinding(
            summary: "thread; reply; quote; new post; notifications",
            detail:
                "on a server's timeline that has threads: `t` pushes the post's thread over the timeline (the posts it answers "
                + "above, the replies below, indented by depth, skeleton rows while they load; Esc comes back as "
                + "it was); with an account, `R` (a reply), `\"` (a quote, where the network has them: Bluesky) and "
                + "`c` (a new post) open `$VISUAL`, else `$EDITOR`, else `vi`, as `git commit` does, with the "
                + "post answered or quoted shown in comments, lines for the content warning, visibility and "
                + "language (an empty text cancels); the "
                + "post shows at once, sending, and a draft that could not be posted is kept; `i` pushes the "
                + "notifications of the account that reads the post's source (mentions with their status, favourites "
                + "and boosts grouped, follows, follow requests, polls ended, edits), which the status line counts "
                + "on every view until they are seen",
            keys: [
                (.character("t"), .thread), (.character("R"), .reply), (.character("\""), .quote),
                (.character("c"), .compose),
                (.character("i"), .notifications),
            ]),
        KeyBinding(
            summary: "next unread post; unread only",
            detail:
                "`n` goes to the next after the selection, else from the top; with the store, read marks are kept "
                + "between runs; `U` shows the unread posts only, or all again, in any timeline (every source, a "
                + "tag's, one source's, a search): the status line says it is on, and a post read meanwhile keeps "
                + "its place until you leave the view or press `U` again; `--unread` (or `unread` in the "
                + "configuration file) starts with it on",
            keys: [(.character("n"), .nextUnread), (.character("U"), .unreadOnly)]),
        KeyBinding(
            summary: "mark the post read or unread",
            detail: "a post is read once opened, expanded, or scrolled past above the screen",
            keys: [(.character("N"), .toggleRead)]),
        KeyBinding(summary: "mark every post read", keys: [(.character("A"), .markAllRead)]),
        KeyBinding(
            summary: "search as you type; muted posts; sources",
            detail:
                "the rows narrow to the posts whose title, text, author or source hold every word typed, the "
                + "matches marked; with the store, stored posts the feeds no longer list match too; Enter keeps "
                + "the search, Esc clears it, Backspace and Ctrl-U edit it, the arrow and page keys move; `M` shows the posts muted (by a `mute` line or a filter of yours on your server), dimmed, until it is pressed again; "
                + "`s` pushes the sources view: every source on its row with its network, its unread count and its "
                + "state (loading, failed and why, waiting to try again, from the store), under its tags (`tag=` in "
                + "the subscriptions file, an OPML file's folders), those with none last, a tag's row counting its "
                + "sources' unread posts; a count shimmers while its source loads; Enter opens the timeline of the "
                + "source or of the tag's sources, Esc comes back, `/` searches the sources' names, `n` goes to the "
                + "next source with unread posts",
            keys: [(.character("/"), .search), (.character("M"), .showMuted), (.character("s"), .sources)]),
        KeyBinding(
            summary: "open; list links; copy link; pager",
            detail:
                "`o` shows the post's link in the status line and opens it with `$BROWSER` or `xdg-open`: the URL is "
                + "one argument to the program, never a shell's; http and https only; `L` pushes the post's links, "
                + "numbered as its expanded text numbers them (`Jacques Distler[1]`), with their words and "
                + "addresses: a number, Enter or `o` opens one the same way; `y` copies the post's link, or in the "
                + "list the selected one, to the clipboard with OSC 52 (over SSH too; inside tmux with "
                + "`set -g set-clipboard on`); `|` pipes the post, in paragraphs with labelled fields as "
                + "`shimmerfeed print --paragraphs` writes it, to `$PAGER` (else `less`), for a screen reader's review",
            keys: [
                (.character("o"), .openLink), (.character("L"), .links), (.character("y"), .copyLink),
                (.character("|"), .pager),
            ]),
        KeyBinding(
            summary: "reload; while loading, back to the rows",
            detail:
                "the rows become their skeleton while every source reloads, and the new rows fade in; while loading, the loads are cancelled and the rows come back, with what had answered",
            keys: [(.character("r"), .reload)]),
        KeyBinding(summary: "pause or resume the animation", keys: [(.character("p"), .pause)]),
        KeyBinding(summary: "redraw the screen", keys: [(.control("l"), .redraw)]),
        KeyBinding(
            summary: "all the keys, in an overlay", detail: "any key closes it",
            keys: [(.character("?"), .help)]),
        KeyBinding(
            summary: "quit", detail: "the terminal is left as it was; Esc first clears a search",
            keys: [(.character("q"), .quit), (.escape, .quit), (.control("c"), .quit)]),
        KeyBinding(
            label: "mouse", summary: "wheel scrolls, click selects",
            keys: [(.wheelDown, .scrollDown), (.wheelUp, .scrollUp)]),
    ]

    /// What `key` does with the standard keys; nil for a key bound to nothing.
    public static func action(for key: Key) -> KeyAction? {
        KeyMap.standard.action(for: key)
    }
}
