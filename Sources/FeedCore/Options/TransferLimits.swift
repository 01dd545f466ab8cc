/// The fixed bounds of a transfer, named once for the transport that keeps them and the
/// help that tells them.
public enum TransferLimits {
    /// Connecting gets at most this much of `--timeout`.
    public static let connectTimeout: Duration = .seconds(10)
    /// Redirects followed before a load fails.
    public static let maximumRedirects = 5
}
