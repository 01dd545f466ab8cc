/// zsh's completion of shimmerfeed: `_arguments` over every option, with a state for the
/// first word (a command or a source) and for the words a command takes.
enum ZshCompletion {
    /// A description as `_arguments` reads it between brackets: no brackets or colons in it.
    static func described(_ text: String) -> String {
        String(text.map { $0 == "[" ? "(" : $0 == "]" ? ")" : $0 == ":" ? "," : $0 })
    }

    static func script(_ completion: ShellCompletion) -> String {
        let q = ShellCompletion.quoted
        var specs: [String] = []
        for option in completion.options {
            let value: String
            switch option.value {
            case .flag: value = ""
            case .choices(let words): value = ":\(option.names[0].dropFirst(2)):(\(words.joined(separator: " ")))"
            case .file: value = ":file:_files"
            case .typed(let name): value = ":\(name.lowercased()): "
            }
            let equals = option.value == .flag ? "" : "="
            let description = "[\(described(option.description))]"
            if option.names.count > 1 {
                let names = option.names.map { $0.hasPrefix("--") ? $0 + equals : $0 }
                specs.append(
                    q("(\(option.names.joined(separator: " ")))") + "{\(names.joined(separator: ","))}"
                        + q(description + value))
            } else {
                specs.append(q(option.names[0] + equals + description + value))
            }
        }
        let commands = completion.commands.map { q("\($0.word):\(described($0.description))") }
        var cases: [String] = []
        for command in completion.commands where command.offersAccounts || !command.words.isEmpty {
            var body = command.words.isEmpty ? "" : "compadd -- \(command.words.map(q).joined(separator: " ")); "
            if command.offersAccounts { body += "_shimmerfeed_accounts; " }
            let first =
                command.words.allSatisfy { $0.hasPrefix("--") } && !command.offersAccounts
                ? "" : "(( CURRENT == 2 )) && "
            cases.append("      \(command.word)) \(first){ \(body)} ;;")
        }
        return """
            #compdef shimmerfeed
            # zsh completion for shimmerfeed, written by shimmerfeed --generate complete-zsh.

            _shimmerfeed_accounts() {
              local -a servers
              servers=(${(f)"$(\(ShellCompletion.accountsCommand))"})
              # A colon would part an item from its description: http://… is one item.
              servers=(${servers//:/\\\\:})
              (( $#servers )) && _describe -t servers 'signed-in server' servers
            }

            _shimmerfeed() {
              local curcontext=$curcontext state line
              local -a commands
              commands=(
                \(commands.joined(separator: "\n    "))
              )
              _arguments -C -s -S \\
                \(specs.joined(separator: " \\\n    ")) \\
                '1: :->first' \\
                '*:: :->rest'
              case $state in
                first)
                  _describe -t commands command commands
                  _files
                  ;;
                rest)
                  case $words[1] in
            \(cases.joined(separator: "\n"))
                    *) _files ;;
                  esac
                  ;;
              esac
            }

            _shimmerfeed "$@"

            """
    }
}
