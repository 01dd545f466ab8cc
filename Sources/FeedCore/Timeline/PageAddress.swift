/// A page's address with one of its query's fields set: a page moved to start after
/// another post, or a request asking for the page after a cursor. The rest of the address
/// is kept.
public enum PageAddress {
    /// `address` with the field `name` set to `value` (already escaped): in its place where
    /// the query has it, else added at the end.
    public static func setting(_ name: String, to value: String, in address: String) -> String {
        let field = name + "=" + value
        guard let question = address.firstIndex(of: "?") else { return address + "?" + field }
        let base = address[..<question]
        var fields = address[address.index(after: question)...].split(separator: "&").map(String.init)
        if let index = fields.firstIndex(where: { $0.hasPrefix(name + "=") }) {
            fields[index] = field
        } else {
            fields.append(field)
        }
        return base + "?" + fields.joined(separator: "&")
    }
}
