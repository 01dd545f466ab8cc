/// Which key does what for this run: the keys of `KeyBinding.all`, changed by the
/// configuration's `bind` and `unbind` lines. Ctrl-C always quits, whatever is bound, so
/// that no configuration can leave a reader without a way out.
public struct KeyMap: Hashable, Sendable {
    /// The keys in the order the help lists them: the standard ones first, then those bound
    /// by the configuration.
    private var order: [Key]
    private var actions: [Key: KeyAction]

    /// The keys of `KeyBinding.all`, as the manual lists them.
    public static let standard: KeyMap = {
        let pairs = KeyBinding.all.flatMap(\.keys)
        return KeyMap(
            order: pairs.map(\.key), actions: Dictionary(pairs.map { ($0.key, $0.action) }) { first, _ in first })
    }()

    /// The key that quits whatever the map says.
    public static let alwaysQuits = Key.control("c")

    /// What `key` does; nil for a key bound to nothing.
    public func action(for key: Key) -> KeyAction? {
        if case .click = key { return .select }
        if key == Self.alwaysQuits { return .quit }
        return actions[key]
    }

    /// The keys bound to `action`, in the help's order.
    public func keys(for action: KeyAction) -> [Key] {
        order.filter { actions[$0] == action }
    }

    /// The keys of `actions` as the help shows them: each action's named keys, two spaces
    /// between actions (`j ↓  k ↑`); nil where none has a key. The mouse's have no name.
    public func label(for actions: [KeyAction]) -> String? {
        let groups = actions.map { action in
            keys(for: action).filter { $0.configName != nil }.map(\.displayName).joined(separator: " ")
        }.filter { !$0.isEmpty }
        return groups.isEmpty ? nil : groups.joined(separator: "  ")
    }

    /// `key` does `action` from now on, whatever it did before.
    public mutating func bind(_ key: Key, to action: KeyAction) {
        if actions.updateValue(action, forKey: key) == nil { order.append(key) }
    }

    /// `key` does nothing from now on.
    public mutating func unbind(_ key: Key) {
        actions[key] = nil
        order.removeAll { $0 == key }
    }
}
