/// When the posts arrive, each cell fades from its skeleton grey to its real colours over
/// about 250 ms (the fade iOS skeletons use) instead of popping in. The fade goes in a few
/// steps, so that it costs a few frames' worth of bytes, not a frame per millisecond.
public enum CrossFade {
    public static let duration: Duration = .milliseconds(250)
    /// Distinct amounts of skeleton still showing: `steps` at the start, down to 1.
    public static let steps = 4

    /// How much of the skeleton still shows `elapsed` after the rows came in, in
    /// `0...steps`: `steps` just after, 0 once the fade is over.
    public static func remaining(after elapsed: Duration) -> Int {
        guard elapsed >= .zero else { return steps }
        guard elapsed < duration else { return 0 }
        let progress = elapsed.seconds / duration.seconds
        return max(1, steps - Int(progress * Double(steps)))
    }

    /// Whether an animation style fades: reduced motion (calm, none) swaps at once.
    public static func applies(to style: AnimationStyle) -> Bool {
        style == .slide || style == .pulse
    }
}
