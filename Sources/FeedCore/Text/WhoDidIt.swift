/// Who did what a grouped notification says, in words: the first of the names, and how
/// many others ("Ada and 3 others", "Ada and 1 other", "Ada"), each person once.
public enum WhoDidIt {
    /// `names` newest first; `fallback` where there is none.
    public static func words(_ names: some Sequence<String>, else fallback: String) -> String {
        var people: [String] = []
        for name in names where !people.contains(name) { people.append(name) }
        let others = max(0, people.count - 1)
        return (people.first ?? fallback) + (others == 0 ? "" : " and \(others) other\(others == 1 ? "" : "s")")
    }
}
