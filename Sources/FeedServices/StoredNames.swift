import FeedNetwork
import FeedStore
import FoundationEssentials

/// Handles as they resolved to accounts' ids, kept in the store between runs.
struct StoredNames: NameMemory {
    let store: FeedStore

    func id(ofName name: String) -> String? {
        try? store.id(ofHandle: name, now: Date())
    }

    func remember(name: String, id: String) {
        let now = Date()
        store.keep { store throws(FeedStore.Unavailable) in try store.remember(handle: name, id: id, at: now) }
    }
}
