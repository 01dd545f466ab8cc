/// A size in bytes as people write it: `--max-size 64M`, `1G`, `512K`, `1048576`.
/// K, M and G (with or without `iB`) are powers of 1024, as in `head -c` and `ulimit`;
/// `KB`, `MB` and `GB` are powers of 1000.
public enum ByteCount {
    /// The largest load of any source unless `--max-size` says otherwise.
    public static let defaultLimit = 256 << 20

    /// The number of bytes `text` names, or nil when it names none (or overflows).
    public static func parse(_ text: String) -> Int? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let number = Int(digits) else { return nil }
        let unit = text.dropFirst(digits.count).lowercased()
        let multiplier: Int
        switch unit {
        case "", "b": multiplier = 1
        case "k", "kib": multiplier = 1 << 10
        case "m", "mib": multiplier = 1 << 20
        case "g", "gib": multiplier = 1 << 30
        case "kb": multiplier = 1_000
        case "mb": multiplier = 1_000_000
        case "gb": multiplier = 1_000_000_000
        default: return nil
        }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : bytes
    }

    /// "256 MiB", "1.5 GiB", "900 KiB", "12 bytes": a limit in a message, in the largest
    /// binary unit it reaches, with one decimal where it is not whole.
    public static func format(_ bytes: Int) -> String {
        let units: [(String, Int)] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]
        for (name, size) in units where bytes >= size {
            let tenths = (bytes * 10 + size / 2) / size
            return tenths % 10 == 0 ? "\(tenths / 10) \(name)" : "\(tenths / 10).\(tenths % 10) \(name)"
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
