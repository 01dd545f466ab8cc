import Glibc

enum Locale {
    /// ncurses writes wide characters in the locale's encoding. A shell without LANG
    /// (tmux started from a service, a minimal container) is in the C locale, which
    /// would turn every non-ASCII character into `?`; feeds are UTF-8, so ask for it.
    static func useUTF8() {
        setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) == "UTF-8" { return }
        if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "en_US.UTF-8") }
    }
}
