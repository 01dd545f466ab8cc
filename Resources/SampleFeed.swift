import FoundationEssentials

/// The bundled sample feed, embedded in the binary (see Package.swift).
public enum SampleFeed {
    public static var data: Data { Data(PackageResources.sample_feed_json) }
}
