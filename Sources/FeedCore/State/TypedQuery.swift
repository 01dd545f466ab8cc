/// A query typed key by key: the timeline's `/` and the sources view's. The keys that edit
/// it, and those that end the typing, are the same in every view.
enum TypedQuery {
    enum Outcome {
        /// Esc, Ctrl-C, Ctrl-G: the search goes.
        case cleared
        /// Enter: the query stays, the keys are the view's again.
        case kept
        /// A letter, Backspace, Ctrl-U: the query changed.
        case edited
        /// Any other key, or Backspace with nothing to take away.
        case ignored
    }

    static func type(_ key: Key, into query: inout String) -> Outcome {
        switch key {
        case .escape, .control("c"), .control("g"): return .cleared
        case .enter: return .kept
        case .backspace:
            guard !query.isEmpty else { return .ignored }
            query.removeLast()
        case .control("u"): query = ""
        case .character(let character): query.append(character)
        default: return .ignored
        }
        return .edited
    }
}
