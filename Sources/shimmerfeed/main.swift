import FeedCommandLine
import FeedCore
import FeedServices
import FoundationEssentials
import Glibc
import MemoryTuning
import NetworkRegistry

// `main` and the dispatch of the command line: what each word asks for is done by the
// services, over the networks of the registry.

let environment = ProcessInfo.processInfo.environment
MemoryTuning.useOneArena(environment: environment)
let networks = NetworkRegistry.networks
let vocabulary = NetworkRegistry.vocabulary

let options: CommandLineOptions
do {
    options = try RunOptions.load(
        Array(CommandLine.arguments.dropFirst()), environment: environment, vocabulary: vocabulary)
} catch {
    fail(error.description)
}
switch options.action {
case .help: succeed(printing: CommandLineOptions.usage(keys: options.viewer.keys, vocabulary: vocabulary))
case .keys: succeed(printing: CommandLineOptions.keysListing(options.viewer.keys), newline: false)
case .version: succeed(printing: "shimmerfeed \(Version.current)")
case .generate(let document): succeed(printing: document.text(vocabulary: vocabulary), newline: false)
case .accounts: exit(AccountCommands(networks: networks, environment: environment).list())
case .login(let server, let network):
    exit(
        AccountCommands(networks: networks, environment: environment, passwordCommand: options.passwordCommand).login(
            server, network: network))
case .logout(let server):
    exit(AccountCommands(networks: networks, environment: environment).logout(server))
case .script, .run: break
}

let run: ViewerRun
do {
    run = try ViewerRun(options: options, environment: environment, networks: networks)
} catch {
    fail(error.message)
}
if case .script(let command) = options.action {
    exit(ScriptCommands(run: run).run(command))
}
if options.dump {
    exit(DumpOutput.run(run) ? 1 : 0)
}
let exitCode: Int32
do {
    exitCode = try Viewer.run(run)
} catch {
    fail(error.message)
}
// Out without the libraries' exit handlers, which must not run under a transfer still
// letting go of libcurl on its own thread; the terminal and the store are done.
fflush(nil)
_exit(exitCode)
