import Foundation

/// The languages of the person using the app, most preferred first, as backends are told them.
///
/// Every document and image request sends them as `Accept-Language` (``acceptLanguage``), documents
/// and images are cached per language list (as if every server answered `Vary: Accept-Language`, so a view never
/// shows a document fetched for another language), and a backend manifest's endpoints may name the
/// first one as `{lang}` (``primaryLanguage``).
///
/// The list starts as the POSIX environment says (`LANGUAGE`, then `LC_ALL`, `LC_MESSAGES`,
/// `LANG`, the order GLib reads them in); HubGTK sets it from GLib's own list when GTK starts. An
/// app may set ``current`` to languages of its own choosing, for example from a setting.
public enum UserLanguages {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var storage: [String]?
    /// Whether ``current`` was set by the app (then the toolkit's list does not replace it).
    nonisolated(unsafe) private static var setByApp = false

    /// The languages as language tags (`de-DE`, `de`, `he`), most preferred first; never empty:
    /// without any, English. Setting it normalizes locale names (`de_DE.UTF-8` → `de-DE`) and drops
    /// `C`, `POSIX` and repeats.
    public static var current: [String] {
        get {
            lock.withLock {
                if let storage { return storage }
                let found = tags(fromLocaleNames: environmentLocaleNames(ProcessInfo.processInfo.environment))
                storage = found
                return found
            }
        }
        set {
            let tags = tags(fromLocaleNames: newValue)
            lock.withLock {
                storage = tags
                setByApp = true
            }
        }
    }

    /// Uses the toolkit's list of locale names (GLib's, which HubGTK reads when GTK starts) unless
    /// the app has set ``current`` itself.
    package static func useToolkitLocaleNames(_ names: [String]) {
        let tags = tags(fromLocaleNames: names)
        lock.withLock {
            if !setByApp { storage = tags }
        }
    }

    /// The `Accept-Language` header of ``current``: `de-DE, de;q=0.9, en;q=0.8`. Each language after
    /// the first weighs a tenth less, down to a tenth.
    public static var acceptLanguage: String {
        header(for: current)
    }

    /// The first language without its region (`de` for `de-DE`): what `{lang}` in a manifest's
    /// endpoint stands for.
    public static var primaryLanguage: String {
        let first = current[0]
        return String(first.prefix { $0 != "-" })
    }

    static func header(for tags: [String]) -> String {
        tags.enumerated().map { offset, tag in
            guard offset > 0 else { return tag }
            let weight = max(1, 10 - offset)
            return weight == 10 ? tag : "\(tag);q=0.\(weight)"
        }.joined(separator: ", ")
    }

    /// Locale names (`de_DE.UTF-8@euro`, `pt_BR`, `C`) as language tags (`de-DE`, `pt-BR`), in
    /// order, without repeats; `["en"]` when none is a language.
    static func tags(fromLocaleNames names: [String]) -> [String] {
        var tags: [String] = []
        for name in names {
            // Encoding and modifier are not part of the language.
            let base = name.prefix { $0 != "." && $0 != "@" }
            guard !base.isEmpty, base != "C", base != "POSIX" else { continue }
            let parts = base.split(separator: "_", maxSplits: 1).map(String.init)
            guard let language = parts.first, !language.isEmpty,
                language.allSatisfy({ $0.isASCII && $0.isLetter }), language.count <= 8
            else { continue }
            var tag = language.lowercased()
            if parts.count == 2 {
                let region = parts[1].replacingOccurrences(of: "-", with: "")
                guard region.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), region.count <= 8 else { continue }
                tag += "-" + region.uppercased()
            }
            if !tags.contains(tag) { tags.append(tag) }
        }
        return tags.isEmpty ? ["en"] : tags
    }

    /// The locale names the environment gives, in GLib's order: `LANGUAGE` (a colon-separated list,
    /// read only when the locale is not `C`), else the first of `LC_ALL`, `LC_MESSAGES`, `LANG`.
    /// Each name with a region is followed by its language alone, as GLib lists them.
    static func environmentLocaleNames(_ environment: [String: String]) -> [String] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        var names: [String] = []
        if let list = environment["LANGUAGE"], !list.isEmpty, locale != "C", locale != "POSIX" {
            names = list.split(separator: ":").map(String.init)
        } else {
            names = [locale]
        }
        return names.flatMap { name -> [String] in
            let base = name.prefix { $0 != "." && $0 != "@" }
            guard let underscore = base.firstIndex(of: "_") else { return [name] }
            return [name, String(base[..<underscore])]
        }
    }
}
