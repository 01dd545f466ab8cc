/// fish's completion of shimmerfeed: a `complete` line for each option and command, the
/// words a command takes offered once it is given.
enum FishCompletion {
    static func script(_ completion: ShellCompletion) -> String {
        let q = ShellCompletion.quoted
        var lines = [
            "# fish completion for shimmerfeed, written by shimmerfeed --generate complete-fish.",
            "",
            "function __shimmerfeed_accounts",
            "    \(ShellCompletion.accountsCommand)",
            "end",
            "",
        ]
        for command in completion.commands {
            lines.append(
                "complete -c shimmerfeed -n __fish_use_subcommand -f -a \(command.word) -d \(q(command.description))")
        }
        for command in completion.commands {
            let given = q("__fish_seen_subcommand_from \(command.word)")
            for word in command.words {
                lines.append(
                    word.hasPrefix("--")
                        ? "complete -c shimmerfeed -n \(given) -l \(word.dropFirst(2))"
                        : "complete -c shimmerfeed -n \(given) -f -a \(q(word))")
            }
            if command.offersAccounts {
                lines.append("complete -c shimmerfeed -n \(given) -f -a '(__shimmerfeed_accounts)'")
            }
        }
        for option in completion.options {
            var line = "complete -c shimmerfeed"
            if let short = option.short { line += " -s \(short.dropFirst())" }
            if let long = option.long { line += " -l \(long.dropFirst(2))" }
            switch option.value {
            case .flag: break
            case .choices(let words): line += " -x -a \(q(words.joined(separator: " ")))"
            case .file: line += " -r -F"
            case .typed: line += " -x"
            }
            lines.append(line + " -d \(q(option.description))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
