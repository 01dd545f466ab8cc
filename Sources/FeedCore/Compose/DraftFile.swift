/// The file the editor opens, as `git commit` opens its message: lines of help starting
/// with `#`, header lines for the content warning, visibility and language, then the text.
/// An empty text (or one left as it was given: the mentions of a reply) cancels.
public enum DraftFile {
    /// What is wrong with a file read back, for a comment on its first line when the
    /// editor opens it again.
    public struct Problem: Error, Equatable, Sendable {
        public var message: String
    }

    /// The file for a new post, a reply to `replyTo` or a quote of `quoting` (its author's
    /// handle), with the text of the post answered or quoted (`context`) in comments, and
    /// the text it starts with (a reply's mentions); `limit` says, in the network's words,
    /// how long a post may be.
    public static func template(
        replyTo: String?, quoting: String? = nil, context: String = "", mentions: String = "", limit: String?
    ) -> String {
        let what = replyTo.map { "A reply to @\($0)" } ?? quoting.map { "A quote of @\($0)'s post" } ?? "A new post"
        var lines = ["# \(what). Lines starting with # are left out; an empty text cancels."]
        lines += contextLines(context)
        lines += [
            "# CW: a content warning, shown in place of the text until it is opened (empty: none).",
            "# Visibility: public, unlisted, private (followers only) or direct (those mentioned only).",
            "# Language: a two-letter code, such as en (empty: the server guesses).",
        ]
        if let limit { lines.append("# \(limit)") }
        lines += ["CW: ", "Visibility: public", "Language: ", "", mentions]
        return lines.joined(separator: "\n")
    }

    /// The most lines of the post answered or quoted that a draft shows.
    static let contextLineLimit = 8

    /// `context` as comment lines behind a bar, its first lines only, each made safe for
    /// the terminal the editor draws on.
    static func contextLines(_ context: String) -> [String] {
        let lines = context.split(separator: "\n").map { TextSanitizer.singleLine(String($0)).trimmingWhitespace() }
            .filter { !$0.isEmpty }
        guard !lines.isEmpty else { return [] }
        var shown = lines.prefix(contextLineLimit).map { "# │ " + $0 }
        if lines.count > contextLineLimit { shown.append("# │ …") }
        return shown
    }

    /// `text` with a comment on top saying what must change.
    public static func reopened(_ text: String, saying problem: String) -> String {
        "# \(problem)\n" + text
    }

    /// The draft in `file`; nil when it cancels (no text, or the text it was given).
    public static func parse(_ file: String, given: String = "") throws(Problem) -> Draft? {
        var draft = Draft(text: "")
        var lines = file.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }[...]
        while let line = lines.first, let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingWhitespace().lowercased()
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            switch name {
            case "cw": draft.contentWarning = value.isEmpty ? nil : value
            case "visibility":
                guard let visibility = Draft.Visibility(rawValue: value.lowercased()) else {
                    throw Problem(
                        message: "Visibility must be public, unlisted, private or direct, not “\(value)”.")
                }
                draft.visibility = visibility
            case "language": draft.language = value.isEmpty ? nil : value
            default: break
            }
            guard ["cw", "visibility", "language"].contains(name) else { break }
            lines = lines.dropFirst()
        }
        draft.text = lines.joined(separator: "\n").trimmingWhitespace()
        guard !draft.text.isEmpty, draft.text != given.trimmingWhitespace() else { return nil }
        return draft
    }
}
