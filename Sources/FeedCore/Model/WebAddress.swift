/// Addresses the viewer follows on its own (a post's link it opens, a picture it loads):
/// `http` and `https` only, never a file or another scheme a feed names.
public enum WebAddress {
    public static func isWeb(_ address: String) -> Bool {
        let lower = address.prefix(8).lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }
}
