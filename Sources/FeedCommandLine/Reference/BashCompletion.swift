/// bash's completion of shimmerfeed: a function for `complete -F`, needing nothing of the
/// bash-completion package (it works where that is not installed, and beside it).
enum BashCompletion {
    static func script(_ completion: ShellCompletion) -> String {
        let q = ShellCompletion.quoted
        let names = completion.options.flatMap(\.names).sorted()
        var cases: [String] = []
        let choices = completion.options.compactMap { option -> (String, [String])? in
            guard case .choices(let words) = option.value else { return nil }
            return (option.names.joined(separator: "|"), words)
        }
        for (names, words) in choices {
            cases.append("        \(names)) _shimmerfeed_words \(q(words.joined(separator: " "))); return ;;")
        }
        let files = completion.options.filter { $0.value == .file }.flatMap(\.names)
        if !files.isEmpty { cases.append("        \(files.joined(separator: "|"))) _shimmerfeed_files; return ;;") }
        let typed = completion.options.filter(\.value.isTyped).flatMap(\.names)
        if !typed.isEmpty { cases.append("        \(typed.joined(separator: "|"))) return ;;") }
        var commands: [String] = []
        for command in completion.commands {
            let words = q(command.words.joined(separator: " "))
            let accounts = "\" $(\(ShellCompletion.accountsCommand))\""
            if command.offersAccounts {
                // The address to sign in or out at: the one word after it.
                commands.append(
                    "        \(command.word)) ((COMP_CWORD == 2)) && _shimmerfeed_words \(words)\(accounts); return ;;")
            } else if command.words.allSatisfy({ $0.hasPrefix("--") }), !command.words.isEmpty {
                // Flags of its own, beside the options and the sources.
                commands.append(
                    "        \(command.word)) [[ $cur == -* || -z $cur ]] && _shimmerfeed_words \(words) ;;")
            } else if !command.words.isEmpty {
                commands.append(
                    "        \(command.word)) ((COMP_CWORD == 2)) && _shimmerfeed_words \(words); return ;;")
            }
        }
        return """
            # bash completion for shimmerfeed, written by shimmerfeed --generate complete-bash.

            _shimmerfeed_words() {
                local IFS=$' \\t\\n'
                COMPREPLY+=($(compgen -W "$1" -- "$cur"))
            }

            _shimmerfeed_files() {
                local IFS=$'\\n'
                compopt -o filenames 2>/dev/null
                COMPREPLY+=($(compgen -f -- "$cur"))
            }

            _shimmerfeed() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                COMPREPLY=()
                # --name=value is split at the = (COMP_WORDBREAKS): the option is before it.
                if [[ $cur == = ]]; then
                    cur=
                elif [[ $prev == = ]]; then
                    prev=${COMP_WORDS[COMP_CWORD-2]}
                fi
                case $prev in
            \(cases.joined(separator: "\n"))
                esac
                if ((COMP_CWORD > 1)); then
                    case ${COMP_WORDS[1]} in
            \(commands.joined(separator: "\n"))
                    esac
                fi
                if [[ $cur == -* ]]; then
                    _shimmerfeed_words \(q(names.joined(separator: " ")))
                else
                    _shimmerfeed_files
                    ((COMP_CWORD == 1)) && _shimmerfeed_words \(q(completion.commands.map(\.word).joined(separator: " ")))
                fi
            }

            complete -F _shimmerfeed shimmerfeed

            """
    }
}
