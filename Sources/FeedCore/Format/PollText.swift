import FoundationEssentials

/// A poll as lines of text: each option with a bar, its percentage, its title and votes,
/// then the totals and whether it has closed; collapsed, the totals alone.
public enum PollText {
    public static let mark = "☰"
    /// Cells of a full bar: wide enough to tell 40 % from 60 % at a glance.
    static let barWidth = 10

    public static func lines(_ poll: Poll, now: Date) -> [String] {
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
        return options + [totals(poll, now: now)]
    }

    /// "☰ poll · 3 options · 20 votes · closed".
    public static func summary(_ poll: Poll, now: Date) -> String {
        let options = poll.options.count == 1 ? "1 option" : "\(poll.options.count) options"
        return "\(mark) poll · \(options) · \(totals(poll, now: now))"
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
