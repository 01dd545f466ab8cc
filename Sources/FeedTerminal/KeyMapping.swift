import CNcurses
import FeedCore

/// ncurses key codes to `Key`. A table, testable without a terminal.
public enum KeyMapping {
    /// A function key, as `wget_wch` reports with `KEY_CODE_YES`.
    public static func key(forFunctionKey code: Int32) -> Key {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        default: .unknown
        }
    }

    /// A character, as `wget_wch` reports with `OK`.
    public static func key(forCharacter code: UInt32) -> Key {
        switch code {
        case 0x0A, 0x0D: .enter
        case 0x09: .tab
        case 0x1B: .escape
        case 0x08, 0x7F: .backspace
        case 0x01...0x1A: .control(Character(Unicode.Scalar(UInt8(0x60 + code))))
        default:
            if let scalar = Unicode.Scalar(code) { .character(Character(scalar)) } else { .unknown }
        }
    }

    /// A mouse event's buttons (`MEVENT.bstate`) at a screen position: the wheel and the
    /// first button; other buttons and releases are nothing.
    public static func key(forMouse buttons: mmask_t, row: Int, column: Int) -> Key? {
        if buttons & CNcurses_BUTTON4_PRESSED() != 0 { return .wheelUp }
        if buttons & CNcurses_BUTTON5_PRESSED() != 0 { return .wheelDown }
        if buttons & (CNcurses_BUTTON1_PRESSED() | CNcurses_BUTTON1_CLICKED()) != 0 {
            return .click(row: row, column: column)
        }
        return nil
    }
}
