import FeedCore

/// The SVG writer's markup: text escaped for XML, colours and numbers as it writes them.
extension SVGScreenshot {
    /// Text as XML character data or an attribute value: nothing in it can open markup.
    static func escaped(_ text: String) -> String {
        XMLText.escaped(text)
    }

    static func hex(_ color: UInt32) -> String {
        RGBHex.text(color)
    }

    /// At most two decimals, and none that are zero.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

/// Colours as CSS classes: each used colour named once ("c0", "c1", …), so that a frame's
/// elements repeat a short name, not a colour.
struct ColorClasses {
    private var names: [UInt32: String] = [:]
    private var order: [UInt32] = []

    mutating func name(_ color: UInt32) -> String {
        if let name = names[color] { return name }
        let name = "c\(order.count)"
        names[color] = name
        order.append(color)
        return name
    }

    var css: String {
        order.map { ".\(names[$0]!){fill:\(SVGScreenshot.hex($0))}" }.joined() + "\n"
    }
}
