import FoundationEssentials

/// A poll as lines of text: each option with a bar, its percentage, its title and votes (the
/// reader's own ticked), then the totals and whether it has closed; collapsed, the totals
/// alone. While the reader may vote, the options to choose from, numbered, instead.
public enum PollText {
    public static let mark = "☰"
    /// Cells of a full bar: wide enough to tell 40 % from 60 % at a glance.
    static let barWidth = 10

    public static let ownVote = "✓"

    /// The lines of `poll`; with `choosing` (the options chosen so far), the options to
    /// choose from.
    public static func lines(_ poll: Poll, now: Date, choosing: Set<Int>? = nil) -> [String] {
        if let choosing { return choices(poll, now: now, chosen: choosing) }
        let base =
            poll.voters.flatMap { $0 > 0 ? $0 : nil } ?? poll.votes ?? poll.options.reduce(0) { $0 + ($1.votes ?? 0) }
        let options = poll.options.map { option -> String in
            guard let votes = option.votes else {
                return "\(String(repeating: "░", count: barWidth))    –  \(option.title)"
            }
            let fraction = base > 0 ? min(1, Double(votes) / Double(base)) : 0
            let filled = Int((fraction * Double(barWidth)).rounded())
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
            let percent = String(Int((fraction * 100).rounded()))
            let padded = String(repeating: " ", count: max(0, 3 - percent.count)) + percent
            return "\(bar) \(padded)%  \(option.title) · \(CountFormat.compact(votes))"
        }
        let marked = options.enumerated().map { index, line in
            poll.ownVotes.contains(index) ? line + " \(ownVote)" : line
        }
        return marked + [totals(poll, now: now)]
    }

    /// "(•) 1  Yes", "[x] 2  Coffee" for several: the options, numbered as their keys.
    private static func choices(_ poll: Poll, now: Date, chosen: Set<Int>) -> [String] {
        let options = poll.options.enumerated().map { index, option -> String in
            let box =
                poll.multiple ? (chosen.contains(index) ? "[x]" : "[ ]") : (chosen.contains(index) ? "(•)" : "( )")
            let key = index < 9 ? String(index + 1) : " "
            return "\(box) \(key)  \(option.title)"
        }
        let how = poll.multiple ? "number keys choose, several" : "a number key chooses"
        let send = chosen.isEmpty ? "" : ", Enter votes"
        return options + ["\(how)\(send) · \(totals(poll, now: now))"]
    }

    /// "☰ poll · 3 options · 20 votes · closed"; in words, without the mark.
    public static func summary(_ poll: Poll, now: Date, inWords: Bool = false) -> String {
        let options = poll.options.count == 1 ? "1 option" : "\(poll.options.count) options"
        return "\(inWords ? "" : mark + " ")poll · \(options) · \(totals(poll, now: now))"
    }

    /// "20 votes · closed", "20 votes · closes in 3h"; votes the server hides are left out.
    static func totals(_ poll: Poll, now: Date) -> String {
        var parts: [String] = []
        if let votes = poll.votes { parts.append(votes == 1 ? "1 vote" : "\(CountFormat.grouped(votes)) votes") }
        if poll.closed || poll.closesAt.map({ $0 <= now }) == true {
            parts.append("closed")
        } else if let closesAt = poll.closesAt {
            // How long until it closes, in the words the rows use for how long ago.
            let left = RelativeTime.describe(now, now: closesAt)
            parts.append(left == "now" ? "closing" : "closes in \(left)")
        } else {
            parts.append("open")
        }
        return parts.joined(separator: " · ")
    }
}
