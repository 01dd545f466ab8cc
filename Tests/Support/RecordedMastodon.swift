/// The recorded Mastodon account the loopback server answers as (Tests/servers/mastodon_api.py;
/// where each answer was recorded: its mastodon-api/SOURCES.md).
public enum RecordedMastodon {
    /// The account's token, and its app's id and secret.
    public static let token = "qLFk5fQZHZfAWvjsVWMJZRH2K9coa_1JOCpbMwOlPbM"
    public static let clientID = "dSqEHsXYueL3gn3LbghhdtDXqqa9es7Ydchk8qWmIA0"
    public static let clientSecret = "nUEMHt2lM0OT2tPILQfrX10Wn9NAsH86FdIHwJmqCyg"
    /// The home timeline's two newest statuses: "Toot!", then a boost.
    public static let newest = "117020593473214477"
    public static let second = "117020592137523525"
}
