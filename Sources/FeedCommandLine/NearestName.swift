import FeedCore

/// The name a mistyped one most likely meant, for "did you mean …?".
enum NearestName {
    /// The name of `names` fewest edits from `typed` (letters added, removed, changed or
    /// swapped), if it is near enough to be a slip: at most a third of its letters, and 2.
    static func nearest(to typed: String, among names: [String]) -> String? {
        let typed = Array(typed.lowercased())
        let scored = names.map { ($0, distance(typed, Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(1, min(2, best.0.count / 3)) ? best.0 : nil
    }

    /// Damerau–Levenshtein distance with adjacent swaps (the optimal string alignment).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// " (did you mean 'refresh'?)", or nothing.
    static func suggestion(for typed: String, among names: [String]) -> String {
        nearest(to: typed, among: names).map { "; did you mean '\($0)'?" } ?? ""
    }
}
