import FeedCore
import FoundationEssentials

/// The options of this run: the command line over the configuration file. Any error in
/// either ends the start, with status 2, before anything of the file is applied.
enum ConfigLoading {
    static func options(_ arguments: [String], environment: [String: String]) -> CommandLineOptions {
        // The command line alone first: it may name the file, and its errors come first.
        let commandLine = parse(arguments, environment: environment, configuration: Configuration())
        switch commandLine.action {
        case .login, .logout, .version: return commandLine
        default: break
        }
        guard let configuration = read(commandLine.configPath, environment: environment) else { return commandLine }
        return parse(arguments, environment: environment, configuration: configuration)
    }

    private static func parse(_ arguments: [String], environment: [String: String], configuration: Configuration)
        -> CommandLineOptions
    {
        do {
            return try CommandLineOptions.parse(arguments, environment: environment, configuration: configuration)
        } catch {
            fail("\(error)\nTry 'shimmerfeed --help'.")
        }
    }

    /// The file `--config` names, which must be there, else the default one if it is.
    private static func read(_ given: String?, environment: [String: String]) -> Configuration? {
        guard let path = given ?? Configuration.path(environment: environment) else { return nil }
        guard FileManager.default.fileExists(atPath: path) else {
            if given != nil { fail("\(path): no such configuration file") }
            return nil
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            fail("\(path): cannot be read as UTF-8 text")
        }
        do {
            return try Configuration.parse(text, file: path)
        } catch {
            fail(error.description)
        }
    }
}
