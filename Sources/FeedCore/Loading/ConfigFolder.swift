/// The reader's configuration folder: `$XDG_CONFIG_HOME/shimmerfeed`, else
/// `~/.config/shimmerfeed`. The configuration, the subscriptions and the accounts live
/// there.
public enum ConfigFolder {
    /// The file `name` in it; nil when neither variable says where it is.
    public static func path(_ name: String, environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/shimmerfeed/" + name
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/shimmerfeed/" + name
    }
}
