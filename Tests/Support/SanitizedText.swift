import Testing

@testable import FeedCore

/// What the model holds after decoding must already be safe: checks on the decoded text,
/// not on screen cells (the screen buffer drops zero-width controls by itself, so a check
/// there passes even with no sanitizer at all).
public enum SanitizedText {
    /// Nothing a terminal would act on: no C0 control but those allowed, no DEL, no C1.
    public static func isInert(_ text: String, allowing allowed: Set<Unicode.Scalar> = []) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            allowed.contains(scalar) || (scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value))
        }
    }

    /// A post's fields: one-line fields with no line break and no bidi control; the
    /// content may keep its line breaks and tabs.
    public static func expectSafe(_ post: Post, sourceLocation: SourceLocation = #_sourceLocation) {
        let oneLine = [post.author.name, post.author.handle, post.title, post.boostedBy].compactMap { $0 }
        for field in oneLine {
            #expect(isInert(field), "\(field.debugDescription)", sourceLocation: sourceLocation)
            #expect(
                !field.unicodeScalars.contains(where: TextSanitizer.isBidiControl), "\(field.debugDescription)",
                sourceLocation: sourceLocation)
        }
        #expect(
            isInert(post.content, allowing: ["\n", "\t"]), "\(post.content.debugDescription)",
            sourceLocation: sourceLocation)
    }
}
