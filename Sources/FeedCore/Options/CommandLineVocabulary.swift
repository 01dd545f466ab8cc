/// What the networks add to the command line: the formats `--format` takes, and a line of
/// `--help` for signing in to each. The registry gathers them; the option table names no
/// network of its own.
public struct CommandLineVocabulary: Hashable, Sendable {
    /// A way to sign in, as `--help` lists it: `login bsky.social` and what it does.
    public struct SignIn: Hashable, Sendable {
        public var usage: String
        public var summary: String

        public init(usage: String, summary: String) {
            self.usage = usage
            self.summary = summary
        }
    }

    /// Every name `--format` takes, `auto` first; none takes any name.
    public var formats: [String]
    public var signIns: [SignIn]

    public init(formats: [String] = [], signIns: [SignIn] = []) {
        self.formats = formats
        self.signIns = signIns
    }
}
