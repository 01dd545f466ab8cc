import Foundation

/// The one entry point from bytes to a feed: repairs the encoding, then decodes.
public enum FeedDocumentDecoder {
    public static func decode(_ data: Data) throws(FeedError) -> Feed {
        try PostsFormatDecoder.decode(repairingUTF8(data))
    }

    /// Invalid UTF-8 sequences become U+FFFD, so one bad byte does not cost the feed.
    static func repairingUTF8(_ data: Data) -> Data {
        if String(validating: data, as: UTF8.self) != nil { return data }
        return Data(String(decoding: data, as: UTF8.self).utf8)
    }
}
