public enum Version {
    public static let current = "0.1.0"
    /// The day this version was made, for the manual's header.
    public static let date = "2026-12-07"
}
