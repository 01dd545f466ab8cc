import FoundationEssentials

/// Windows-1252 to UTF-8: what browsers and feed readers read when a document's bytes are
/// not valid in the encoding it claims, and what they read for ISO-8859-1 and US-ASCII
/// labels (the WHATWG Encoding Standard maps those labels to windows-1252).
enum Windows1252 {
    /// The code points of 0x80...0x9F; the five bytes the code page leaves undefined keep
    /// their own value, as the WHATWG table has them.
    private static let high: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// Labels read as windows-1252.
    static let labels: Set<String> = [
        "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1",
        "us-ascii", "ascii", "ansi_x3.4-1968", "iso-ir-100", "csisolatin1", "ibm819", "cp819",
    ]

    static func utf8(_ data: Data) -> Data {
        var output = Data()
        output.reserveCapacity(data.count + data.count / 8)
        for byte in data {
            if byte < 0x80 {
                output.append(byte)
                continue
            }
            let scalar = byte < 0xA0 ? UInt32(high[Int(byte - 0x80)]) : UInt32(byte)
            output.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        }
        return output
    }
}
