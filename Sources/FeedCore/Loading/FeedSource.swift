import FoundationEssentials

/// Where a feed comes from.
public enum FeedSource: Hashable, Sendable {
    case sample
    case file(String)
    case standardInput
    case url(URL)

    /// The source an argument names: nothing for the sample, `-` for standard input, an
    /// http or https URL, or else a file path.
    public init(argument: String?) {
        guard let argument else {
            self = .sample
            return
        }
        if argument == "-" {
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
        }
    }

    /// How the status line names it in a view of one: the path or the URL.
    public var label: String {
        switch self {
        case .sample: "sample feed"
        case .file(let path): path
        case .standardInput: "standard input"
        case .url(let url): url.absoluteString
        }
    }
}
