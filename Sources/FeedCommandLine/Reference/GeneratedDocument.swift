import FeedCore

/// What `shimmerfeed --generate KIND` prints: a manual page or a shell's completion, made
/// from the tables of the binary that prints it (its networks' formats and sign-ins too).
public enum GeneratedDocument: String, CaseIterable, Sendable {
    case man
    case manConfig = "man-config"
    case completeBash = "complete-bash"
    case completeZsh = "complete-zsh"
    case completeFish = "complete-fish"

    public func text(vocabulary: CommandLineVocabulary) -> String {
        switch self {
        case .man: ProgramManual.page(vocabulary: vocabulary)
        case .manConfig: ConfigurationManual.page(vocabulary: vocabulary)
        case .completeBash: BashCompletion.script(ShellCompletion(vocabulary: vocabulary))
        case .completeZsh: ZshCompletion.script(ShellCompletion(vocabulary: vocabulary))
        case .completeFish: FishCompletion.script(ShellCompletion(vocabulary: vocabulary))
        }
    }
}
