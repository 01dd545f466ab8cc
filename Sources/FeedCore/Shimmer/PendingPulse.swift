import FoundationEssentials
import Glibc

/// A mark whose action is on its way to the server pulses between its colour and the
/// skeleton's grey, at the skeleton's own pulse: the row says "not yet" the way a loading
/// row does. It never quite reaches its confirmed colour, so a still frame tells them
/// apart too, nor the skeleton's full grey, so that it stays readable; without animation
/// it holds halfway.
public enum PendingPulse {
    /// How much grey shows through the mark (a cross-fade's step, `1..<CrossFade.steps`)
    /// at animation time `elapsed`.
    public static func fade(at elapsed: Duration, animated: Bool) -> Int {
        guard animated else { return CrossFade.steps / 2 }
        let phase = (1 - cos(Double.pi * elapsed.seconds / Shimmer.pulseHalfPeriod)) / 2
        return 1 + Int((phase * Double(CrossFade.steps - 2)).rounded())
    }
}
