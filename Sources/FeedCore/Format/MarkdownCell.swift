/// Text for a cell of a Markdown table (the README's tables of options, keys and settings):
/// a bar inside a cell would end it, so it is escaped.
public enum MarkdownCell {
    public static func escaped(_ text: some StringProtocol) -> String {
        String(text).replacing("|", with: "\\|")
    }
}
