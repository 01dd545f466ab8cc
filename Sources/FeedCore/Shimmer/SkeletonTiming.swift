/// When the skeleton shows and for how long, so that a fast load never strobes: a load
/// that finishes within `showDelay` shows no skeleton at all, and a skeleton once shown
/// stays at least `minimumVisible`.
public enum SkeletonTiming {
    public static let showDelay: Duration = .milliseconds(150)
    public static let minimumVisible: Duration = .milliseconds(400)

    /// Whether the skeleton is drawn `elapsed` after loading began.
    public static func showsSkeleton(at elapsed: Duration) -> Bool {
        elapsed >= showDelay
    }

    /// When a result that arrived `arrival` after loading began may replace the skeleton:
    /// at once if the skeleton never showed, else once it has shown for `minimumVisible`.
    public static func reveal(arrivedAt arrival: Duration) -> Duration {
        arrival < showDelay ? arrival : max(arrival, showDelay + minimumVisible)
    }
}
