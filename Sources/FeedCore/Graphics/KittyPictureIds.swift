/// The ids the terminal knows the pictures by, one for each picture at each size (a
/// kitty placement has one size). An id's low byte is the placeholders' foreground
/// colour, 16–255, which reads the same at 256 colours (`38;5;N`) and in direct colour
/// (`38:2::0:0:N`) and stays clear of the 16 named colours, which terminals remap; its
/// high byte, 1–255, is the placeholders' third diacritic. Ids come from a hash of the
/// picture, its size and a salt random for each run, so that another program's pictures
/// (or an earlier run's) are not overwritten; the registry makes sure that no two
/// pictures share one. Ids are given when a picture is scheduled for the screen, so that
/// a frame only reads them: the same state always draws the same frame.
public struct KittyPictureIds: Sendable {
    struct Key: Hashable {
        var source: String
        var columns: Int
        var rows: Int
    }

    private let salt: UInt64
    private var byKey: [Key: UInt32] = [:]
    /// Every id given and not forgotten.
    private(set) var kept: Set<UInt32> = []

    public init(salt: UInt64) {
        self.salt = salt
    }

    /// The id of a picture at a size, given now if it has none.
    @discardableResult
    mutating func assign(source: String, columns: Int, rows: Int) -> UInt32 {
        let key = Key(source: source, columns: columns, rows: rows)
        if let id = byKey[key] { return id }
        var attempt: UInt64 = 0
        while true {
            var digest = FNV1a()
            digest.add(source.utf8)
            digest.endField()
            digest.add("\(columns)x\(rows) \(attempt)".utf8)
            let id = Self.id(hash: digest.value ^ salt)
            if kept.insert(id).inserted {
                byKey[key] = id
                return id
            }
            attempt += 1
        }
    }

    /// The id given to a picture at a size, if it has one.
    func id(source: String, columns: Int, rows: Int) -> UInt32? {
        byKey[Key(source: source, columns: columns, rows: rows)]
    }

    /// Forgets a picture's ids at every size: its pixels are gone from memory.
    mutating func forget(_ source: String) {
        for (key, id) in byKey where key.source == source {
            byKey[key] = nil
            kept.remove(id)
        }
    }

    /// An id from 64 bits of hash: the high byte in 1...255, the low in 16...255.
    static func id(hash: UInt64) -> UInt32 {
        let high = UInt32(1 + (hash >> 32) % 255)
        let low = UInt32(16 + (hash & 0xFFFF_FFFF) % 240)
        return high << 24 | low
    }
}
