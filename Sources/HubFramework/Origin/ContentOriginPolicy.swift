import Foundation

/// What content of each ``ContentOrigin`` may reach: remote and live content may neither open nor
/// read local files on its own.
///
/// The rule is checked where content acts by itself, on every path a URL takes:
/// - when a component of the view is selected (its target URI, ``allowsNavigation(to:from:)``);
/// - when the view opened that way loads its document: the view's origin includes the origin of the
///   view that opened it, and its document operations refuse what that origin may not reach
///   (``allowsDocument(at:from:)``, ``ContentOperationRestrictedByOrigin``), so the decision is made
///   again on the URL the loader actually opens, after the feature has unwrapped and decoded it;
/// - when its images load (``allowsImage(at:from:)``), when a next page is followed, and when a
///   download is redirected (only `http:` and `https:` redirects are followed).
///
/// What the user does is not checked: the address bar and the command line still open `file:` URIs.
///
/// ``reachesLocalFiles(_:)`` reads a URI the way any reader might: it looks through percent-encoding
/// (however many times applied), letter case, nested wrappers (`hub-json:file:…`), backslashes,
/// Unicode compatibility forms (a full-width `ｆｉｌｅ：`), NULs, control characters and characters
/// that readers drop. When one reading names a local file, the URI reaches local files.
public enum ContentOriginPolicy {
    /// How many nested schemes ``reachesLocalFiles(_:)`` looks through (`a:b:file:…`).
    static let maximumNestedSchemes = 8
    /// How many layers of percent-encoding ``reachesLocalFiles(_:)`` takes off (`%2566` is `%66`,
    /// which is `f`). A URI with more than that is not given the benefit of the doubt.
    static let maximumDecodingRounds = 8
    /// The longest URI ``reachesLocalFiles(_:)`` reads, in bytes of UTF-8: 64 KiB, four times the
    /// longest URI the app's navigator opens. A longer one counts as reaching local files.
    static let maximumLength = 64 << 10

    /// True when opening `uri` may read a local file: a `file:` URI, or a URI that wraps one after its
    /// own scheme, such as the viewer's `hub-json:file:///home/me/view.json`, however it is spelled.
    public static func reachesLocalFiles(_ uri: URL) -> Bool {
        reachesLocalFiles(text: uri.absoluteString)
    }

    /// ``reachesLocalFiles(_:)`` for the text of a URI, which need not parse as one.
    public static func reachesLocalFiles(text: String) -> Bool {
        guard text.utf8.count <= maximumLength else { return true }
        var current = text
        for _ in 0..<maximumDecodingRounds {
            let canonical = canonicalized(current)
            if namesFileScheme(canonical) { return true }
            let decoded = percentDecoded(canonical)
            if decoded == canonical { return false }
            current = decoded
        }
        // Encoded more times than any real URI: treat as reaching files rather than guess.
        return true
    }

    /// Whether a view of `origin` may open `uri` by itself (a selected component's target).
    public static func allowsNavigation(to uri: URL, from origin: ContentOrigin) -> Bool {
        origin.mayReachLocalFiles || !reachesLocalFiles(uri)
    }

    /// Whether a view of `origin` may load the image at `url`. Relative paths (the app's resources
    /// folder) and downloads are allowed for every origin; `file:` URLs only for local content.
    public static func allowsImage(at url: URL, from origin: ContentOrigin) -> Bool {
        origin.mayReachLocalFiles || !reachesLocalFiles(url)
    }

    /// Whether a view of `origin` may load its document (or a next page) from `url`: the URL the
    /// loader is about to open, after the feature unwrapped it from the view URI. Only local views
    /// may read files.
    public static func allowsDocument(at url: URL, from origin: ContentOrigin) -> Bool {
        origin.mayReachLocalFiles || !reachesLocalFiles(url)
    }

    // MARK: Reading a URI as any reader might

    /// `text` with what readers ignore or fold taken out: Unicode compatibility forms folded (NFKC:
    /// full-width letters and colons, ligatures), lower case, `\` read as `/`, and every control
    /// character, white space and default-ignorable character (zero-width joiners, soft hyphens,
    /// byte order marks) removed. WHATWG's URL parser drops tabs and newlines anywhere and control
    /// characters at the ends; other readers drop NULs.
    static func canonicalized(_ text: String) -> String {
        let plain = text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }
        if plain { return text.lowercased() }
        var scalars = String.UnicodeScalarView()
        for scalar in text.precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars {
            if scalar == "\\" {
                scalars.append("/")
            } else if !isIgnored(scalar) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    private static func isIgnored(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.generalCategory == .control || properties.isWhitespace
            || properties.isDefaultIgnorableCodePoint || properties.generalCategory == .format
    }

    /// `text` with every valid `%XX` replaced by its byte; other `%` signs stay. Bytes that do not
    /// form UTF-8 become U+FFFD, which names no scheme.
    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// True when `canonical` starts with the scheme `file`, or wraps it after schemes of its own.
    /// Read scalar by scalar, as URL readers do: a combining mark after the colon must not hide it
    /// inside one grapheme (`:` and U+0742 are one `Character`).
    private static func namesFileScheme(_ canonical: String) -> Bool {
        var rest = Substring(canonical).unicodeScalars[...]
        for _ in 0..<maximumNestedSchemes {
            guard let scheme = leadingScheme(of: rest) else { return false }
            if scheme.elementsEqual("file".unicodeScalars) { return true }
            rest = rest.dropFirst(scheme.count + 1)
        }
        // Deeper nesting than any real URI: treat as reaching files rather than guess.
        return true
    }

    /// The scheme at the start of `text` (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`,
    /// then a colon), without the colon; nil when there is none.
    private static func leadingScheme(of text: Substring.UnicodeScalarView.SubSequence) -> Substring.UnicodeScalarView.SubSequence? {
        guard let first = text.first, first.isASCII, first.properties.isAlphabetic else { return nil }
        let scheme = text.prefix { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
        guard text.dropFirst(scheme.count).first == ":" else { return nil }
        return scheme
    }
}
