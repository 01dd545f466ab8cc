import Glibc

/// Proof Key for Code Exchange (RFC 7636), S256: a secret the viewer keeps (`verifier`) and
/// its digest sent with the authorize request (`challenge`), so that a code caught on its
/// way back is worth nothing without the secret.
public struct PKCE: Sendable, Equatable {
    public let verifier: String
    public var challenge: String { Self.challenge(of: verifier) }

    public init(verifier: String) {
        self.verifier = verifier
    }

    /// A new secret: 32 random bytes, 43 characters of base64url (the RFC's least).
    public static func make() throws(RandomBytes.Unavailable) -> PKCE {
        PKCE(verifier: Base64URL.encode(try RandomBytes.make(32)))
    }

    /// BASE64URL(SHA256(verifier)), without padding.
    public static func challenge(of verifier: String) -> String {
        Base64URL.encode(SHA256.digest(Array(verifier.utf8)))
    }
}

/// Bytes from the kernel's random source, for secrets: PKCE's verifier, OAuth's `state`.
public enum RandomBytes {
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String { "no random bytes from the system (/dev/urandom)" }
    }

    public static func make(_ count: Int) throws(Unavailable) -> [UInt8] {
        // The kernel's source, as getrandom(2) reads it (which Glibc's module does not bring).
        let file = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw Unavailable() }
        defer { close(file) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress! + filled, count - filled) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { throw Unavailable() }
            filled += got
        }
        return bytes
    }
}

/// Base64 with the URL's alphabet (`-` and `_`) and no padding (RFC 4648, section 5).
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32(16 - 8 * $1.offset) }
            for position in 0...chunk.count {
                out.append(alphabet[Int(value >> UInt32(18 - 6 * position) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
