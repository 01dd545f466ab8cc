/// Where a search's words appear in a line of text, so that the rows can mark them.
enum SearchMarks {
    /// The cell columns (from the text's start) of every occurrence of each word, case
    /// and accents aside, as (column, width) runs.
    static func cells(in text: String, words: [String]) -> [(column: Int, width: Int)] {
        guard !words.isEmpty, !text.isEmpty else { return [] }
        let characters = Array(text)
        let lowered = characters.map { PostSearch.folded(String($0)) }
        var columns: [Int] = []
        columns.reserveCapacity(characters.count + 1)
        var column = 0
        for character in characters {
            columns.append(column)
            column += CellWidth.of(character)
        }
        columns.append(column)
        var runs: [(column: Int, width: Int)] = []
        for word in words.map(PostSearch.folded) where !word.isEmpty {
            var start = 0
            while start < characters.count {
                // The characters from `start` whose lowercased text spells the word.
                var spelled = ""
                var end = start
                while end < characters.count, spelled.count < word.count {
                    spelled += lowered[end]
                    end += 1
                }
                if spelled.hasPrefix(word) {
                    runs.append((columns[start], columns[end] - columns[start]))
                    start = end
                } else {
                    start += 1
                }
            }
        }
        return runs
    }
}
