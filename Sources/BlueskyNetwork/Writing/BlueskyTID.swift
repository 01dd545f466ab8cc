import FoundationEssentials

/// A record key of the `tid` kind (a post's): the microseconds since 1970 and a clock's
/// number from 0 to 1023, in 64 bits whose top is 0, written as 13 characters of base32
/// sorted as the times are (`234567abcdefghijklmnopqrstuvwxyz`). Chosen before a post's
/// first try and kept with it, so that a retry names the same record.
enum BlueskyTID {
    static let alphabet = Array("234567abcdefghijklmnopqrstuvwxyz")

    static func next(now: Date = Date(), clock: Int = Int.random(in: 0..<1024)) -> String {
        let microseconds = UInt64(max(0, now.timeIntervalSince1970 * 1_000_000)) & (1 << 53 - 1)
        var value = microseconds << 10 | UInt64(clock & 1023)
        var characters: [Character] = []
        for _ in 0..<13 {
            characters.append(alphabet[Int(value & 31)])
            value >>= 5
        }
        return String(characters.reversed())
    }

    /// Whether `key` is a TID's syntax: 13 of the alphabet, the first of its first 16.
    static func isTID(_ key: String) -> Bool {
        let characters = Array(key)
        return characters.count == 13 && characters.allSatisfy(alphabet.contains)
            && alphabet.prefix(16).contains(characters[0])
    }
}
