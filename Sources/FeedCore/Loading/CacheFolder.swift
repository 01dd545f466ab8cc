/// The reader's cache folder: `$XDG_CACHE_HOME/shimmerfeed`, else `~/.cache/shimmerfeed`.
/// What can be fetched again lives there: pictures' bytes, a reader server's feed list.
public enum CacheFolder {
    /// The file or folder `name` in it; nil when neither variable says where it is.
    public static func path(_ name: String, environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/shimmerfeed/" + name }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.cache/shimmerfeed/" + name
    }
}
