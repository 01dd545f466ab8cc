/// A Mastodon page's address (`Link: <…?max_id=N>; rel="next"`) moved to start after
/// another status: its `max_id` set to that status's id, the rest of it kept.
public enum PageAddress {
    public static func after(_ statusID: String, in address: String) -> String {
        guard let question = address.firstIndex(of: "?") else { return address + "?max_id=" + statusID }
        let base = address[..<question]
        var fields = address[address.index(after: question)...].split(separator: "&").map(String.init)
        if let index = fields.firstIndex(where: { $0.hasPrefix("max_id=") }) {
            fields[index] = "max_id=" + statusID
        } else {
            fields.append("max_id=" + statusID)
        }
        return base + "?" + fields.joined(separator: "&")
    }
}
