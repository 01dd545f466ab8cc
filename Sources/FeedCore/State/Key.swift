/// A key press, as the terminal layer decodes it.
public enum Key: Hashable, Sendable {
    case character(Character)
    /// Ctrl plus a letter, as the lowercase letter: Ctrl-L is `.control("l")`.
    case control(Character)
    case up, down
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    /// F1 to F12.
    case function(Int)
    case wheelUp, wheelDown
    /// A click at a screen position (0-based).
    case click(row: Int, column: Int)
}
