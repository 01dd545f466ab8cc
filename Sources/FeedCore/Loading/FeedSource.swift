import FoundationEssentials

/// Where a feed comes from.
public enum FeedSource: Hashable, Sendable {
    case sample
    case file(String)
    case standardInput
    case url(URL)
    /// A saved search: the store's posts that hold every word of the query.
    case search(String)

    /// What names a saved search on the command line: `search:swift ncurses`.
    public static let searchPrefix = "search:"

    /// The source an argument names: nothing for the sample, `-` for standard input, an
    /// http or https URL, `search:` and a query, or else a file path.
    public init(argument: String?) {
        guard let argument else {
            self = .sample
            return
        }
        if argument.hasPrefix(Self.searchPrefix), !argument.dropFirst(Self.searchPrefix.count).isEmpty {
            self = .search(String(argument.dropFirst(Self.searchPrefix.count)))
        } else if argument == "-" {
            self = .standardInput
        } else if let url = URL(string: argument), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        {
            self = .url(url)
        } else {
            self = .file(argument)
        }
    }

    /// How a row names it in a view of several: a URL's host, a file's name.
    public var shortName: String {
        switch self {
        case .sample, .standardInput: label
        case .file(let path): String(path.split(separator: "/").last ?? Substring(path))
        case .url(let url): url.host ?? url.absoluteString
        case .search(let query): "“\(query)”"
        }
    }

    /// How the status line names it in a view of one: the path or the URL.
    public var label: String {
        switch self {
        case .sample: "sample feed"
        case .file(let path): path
        case .standardInput: "standard input"
        case .url(let url): url.absoluteString
        case .search(let query): "search “\(query)”"
        }
    }
}
