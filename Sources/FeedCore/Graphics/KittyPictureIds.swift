import Synchronization

/// The ids the terminal knows the pictures by, one for each picture at each size (a
/// kitty placement has one size). An id's low byte is the placeholders' foreground
/// colour, 16–255, which reads the same at 256 colours (`38;5;N`) and in direct colour
/// (`38:2::0:0:N`) and stays clear of the 16 named colours, which terminals remap; its
/// high byte, 1–255, is the placeholders' third diacritic. Ids come from a hash of the
/// picture, its size and a salt random for each run, so that another program's pictures
/// (or an earlier run's) are not overwritten; the registry makes sure that no two
/// pictures share one. Each `AppState` has its own, shared by its copies.
public final class KittyPictureIds: Sendable {
    struct Key: Hashable {
        var source: String
        var columns: Int
        var rows: Int
    }

    private let salt: UInt64
    private let assigned = Mutex<(byKey: [Key: UInt32], taken: Set<UInt32>)>(([:], []))

    public init(salt: UInt64) {
        self.salt = salt
    }

    /// The id of a picture at a size, given on first use.
    func id(source: String, columns: Int, rows: Int) -> UInt32 {
        let key = Key(source: source, columns: columns, rows: rows)
        return assigned.withLock { assigned in
            if let id = assigned.byKey[key] { return id }
            var attempt: UInt64 = 0
            while true {
                var digest = FNV1a()
                digest.add(source.utf8)
                digest.endField()
                digest.add("\(columns)x\(rows) \(attempt)".utf8)
                let id = Self.id(hash: digest.value ^ salt)
                if !assigned.taken.contains(id) {
                    assigned.byKey[key] = id
                    assigned.taken.insert(id)
                    return id
                }
                attempt += 1
            }
        }
    }

    /// Forgets a picture's ids at every size: its pixels are gone from memory.
    func forget(_ source: String) {
        assigned.withLock { assigned in
            for (key, id) in assigned.byKey where key.source == source {
                assigned.byKey[key] = nil
                assigned.taken.remove(id)
            }
        }
    }

    /// Every id given and not forgotten.
    var kept: Set<UInt32> { assigned.withLock { $0.taken } }

    /// An id from 64 bits of hash: the high byte in 1...255, the low in 16...255.
    static func id(hash: UInt64) -> UInt32 {
        let high = UInt32(1 + (hash >> 32) % 255)
        let low = UInt32(16 + (hash & 0xFFFF_FFFF) % 240)
        return high << 24 | low
    }
}
