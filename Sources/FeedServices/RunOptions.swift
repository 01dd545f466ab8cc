import FeedCommandLine
import FeedCore
import FoundationEssentials

/// The options of this run: the command line over the configuration file. Any error in
/// either ends the start, with status 2, before anything of the file is applied.
public enum RunOptions {
    /// What stops the start: its words, for standard error.
    public struct Refused: Error, CustomStringConvertible {
        public var description: String
    }

    /// The options `arguments` and the configuration file give, in the networks' words.
    public static func load(
        _ arguments: [String], environment: [String: String], vocabulary: CommandLineVocabulary
    ) throws(Refused) -> CommandLineOptions {
        // The command line alone first: it may name the file, and its errors come first.
        let commandLine = try parse(arguments, environment: environment, configuration: Configuration(), vocabulary)
        switch commandLine.action {
        // Their words are the same whatever the file says (`make install` runs --generate).
        case .login, .logout, .version, .generate, .accounts: return commandLine
        default: break
        }
        guard let configuration = try read(commandLine.configPath, environment: environment) else {
            return commandLine
        }
        return try parse(arguments, environment: environment, configuration: configuration, vocabulary)
    }

    private static func parse(
        _ arguments: [String], environment: [String: String], configuration: Configuration,
        _ vocabulary: CommandLineVocabulary
    ) throws(Refused) -> CommandLineOptions {
        do {
            return try CommandLineOptions.parse(
                arguments, environment: environment, configuration: configuration, vocabulary: vocabulary)
        } catch {
            throw Refused(description: "\(error)\nTry 'shimmerfeed --help'.")
        }
    }

    /// The file `--config` names, which must be there, else the default one if it is.
    private static func read(_ given: String?, environment: [String: String]) throws(Refused) -> Configuration? {
        guard let path = given ?? Configuration.path(environment: environment) else { return nil }
        guard FileManager.default.fileExists(atPath: path) else {
            if given != nil { throw Refused(description: "\(path): no such configuration file") }
            return nil
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw Refused(description: "\(path): cannot be read as UTF-8 text")
        }
        do {
            return try Configuration.parse(text, file: path)
        } catch {
            throw Refused(description: error.description)
        }
    }
}
