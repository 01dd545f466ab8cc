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

    /// How much of the skeleton's grey is mixed into a cell's colours at fade step `step`
    /// (0 none, 1 all): at most `firstMix`, so that the first frame after the posts came
    /// already reads (text and its ground at least 4:1 apart, dark or light; all grey, as
    /// before, drew the text in its ground's colour) and the fade only finishes the rest.
    public static func mix(at step: Int) -> Double {
        firstMix * Double(min(max(step, 0), steps)) / Double(steps)
    }

    /// The first step's mix: 0.4 of the grey.
    public static let firstMix = 0.4

    /// Whether an animation style fades: reduced motion (calm, none) swaps at once.
    public static func applies(to style: AnimationStyle) -> Bool {
        style == .slide || style == .pulse
    }
}
