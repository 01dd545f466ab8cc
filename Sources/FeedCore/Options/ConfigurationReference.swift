/// The README's reference of the configuration file, made from the tables `--help` comes
/// from (the options, the keys), so that the two cannot drift apart: a test holds the
/// README to it.
extension Configuration {
    /// What each line may say.
    static let lines: [(line: String, meaning: String)] = [
        (
            "bind KEY ACTION",
            "KEY does ACTION, instead of what it did; a key two `bind` lines give two actions is an error naming "
                + "both lines"
        ),
        ("unbind KEY", "KEY does nothing (Ctrl-C always quits: it cannot be bound or unbound)"),
    ]

    /// The reference in Markdown: the lines, the settings, the actions and the key names.
    public static var markdownReference: String {
        var text = ["| line | meaning |", "| --- | --- |"]
        for (line, meaning) in lines { text.append("| `\(line)` | \(meaning) |") }
        for option in CommandLineOption.all {
            guard let name = option.names.first(where: { $0.hasPrefix("--") }), !commandLineOnly.contains(name)
            else { continue }
            let value = option.value.map { " " + $0.replacing("|", with: "\\|") } ?? ""
            text.append("| `\(name.dropFirst(2))\(value)` | as `\(name)` |")
        }
        text += ["", "| actions | standard keys | do |", "| --- | --- | --- |"]
        for binding in KeyBinding.all {
            let actions = binding.actions.filter { $0 != .select }
            let keys = actions.map { action in
                let names = KeyMap.standard.keys(for: action).compactMap(\.configName).map { "`\($0)`" }
                return names.joined(separator: " ")
            }.filter { !$0.isEmpty }
            text.append(
                "| \(actions.map { "`\($0.rawValue)`" }.joined(separator: ", ")) | "
                    + (keys.isEmpty ? "the mouse wheel" : keys.joined(separator: "; ")) + " "
                    + "| \(binding.summary) |")
        }
        let names = Key.namedKeys.map { "`\($0.name)`" }.joined(separator: ", ")
        text += [
            "", "A KEY is one character (`j`, `G`, `/`), `ctrl-` and a letter (`ctrl-d`), or one of \(names).",
        ]
        return text.joined(separator: "\n") + "\n"
    }
}
