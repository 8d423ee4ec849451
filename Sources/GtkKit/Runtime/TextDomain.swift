internal import CGtk
import Foundation

/// A gettext text domain: the catalogue of translated strings of one program or library, read
/// from `LANGUAGE/LC_MESSAGES/NAME.mo` files in the user's languages.
///
/// The framework translates its own strings (the error page, the loading and empty states, the
/// window's buttons) in the domain ``framework``. An app translates its own in a domain of its own:
///
/// ```swift
/// let strings = TextDomain("org.example.Cities")
/// strings.bind(to: installPrefix.appendingPathComponent("share/locale"))
/// row.title = strings("Cities of the world")
/// counter.title = strings.plural("%d city", "%d cities", count: cities.count)
/// ```
///
/// Mark the strings for `xgettext` with the variable's name and `plural` as keywords
/// (`--keyword=strings --keyword=plural:1,2`: xgettext sees the call, not the value before its
/// dot); docs/localization.md walks the whole way.
/// The language follows the process's locale, which GTK sets from the environment (`LANG`,
/// `LC_MESSAGES`, `LANGUAGE`) when it starts.
public struct TextDomain: Sendable, Hashable {
    /// The domain's name: the base name of its `.mo` files.
    public let name: String

    /// The domain named `name`. Until it is bound, gettext looks for it in the system's locale
    /// folder (`/usr/share/locale`).
    public init(_ name: String) {
        self.name = name
    }

    /// Reads the domain's translations from `directory` (a `share/locale` folder), as UTF-8.
    public func bind(to directory: URL) {
        bindtextdomain(name, directory.path)
        bind_textdomain_codeset(name, "UTF-8")
    }

    /// `message` in the user's language, or `message` itself when it has no translation, with its
    /// placeholders filled from `arguments`: `%s` in order, or `%1$s`, `%2$s`… by position, since a
    /// translation may need them in another order. Never build `message` by interpolation: its
    /// translation is looked up by its exact text.
    public func callAsFunction(_ message: String, _ arguments: String...) -> String {
        translate(message, arguments)
    }

    /// The singular or plural form of a message for `count` in the user's language (languages with
    /// more forms than two have them in their translations). `%d` (or `%1$d`) is `count`, written
    /// with the locale's digits and grouping; `%s` (or `%2$s`…) are `arguments`.
    public func plural(_ singular: String, _ plural: String, count: Int, _ arguments: String...) -> String {
        translate(singular, plural, count: count, arguments)
    }

    /// Takes the locale from the environment (`LANG`, `LC_ALL`…) before the first translation, as
    /// GTK does when it starts, unless the program has chosen one already: apps translate the
    /// strings they register features with, their title and their command line's help before GTK
    /// starts.
    private static let environmentLocale: Void = {
        if let current = setlocale(LC_ALL, nil), String(cString: current) == "C" {
            setlocale(LC_ALL, "")
        }
    }()

    /// Makes the domain's lookups by others (GtkBuilder translating a `.ui` file's strings) find
    /// the user's language: the locale is taken from the environment as for this type's own.
    func prepareForLookups() {
        Self.environmentLocale
    }

    // gettext returns the message's own pointer when it has no translation: the text is copied
    // while the C strings Swift lent it are still alive.
    func translate(_ message: String, _ arguments: [String]) -> String {
        Self.environmentLocale
        let translated = message.withCString { String(cString: g_dgettext(name, $0)) }
        return LocalizedFormat.substitute(translated, arguments)
    }

    func translate(_ singular: String, _ plural: String, count: Int, _ arguments: [String]) -> String {
        Self.environmentLocale
        let form = singular.withCString { one in
            plural.withCString { other in
                String(cString: g_dngettext(name, one, other, gulong(clamping: count.magnitude)))
            }
        }
        return LocalizedFormat.substitute(form, [LocalizedFormat.number(count)] + arguments)
    }
}

extension TextDomain {
    /// The framework's own domain, `hubframework`: bound on first use to the `locale` folder next
    /// to the executable (where `make` compiles the translations in a build) or to `share/locale`
    /// beside the executable's `bin` (where `make install` puts them).
    public static var framework: TextDomain { boundFramework }

    private static let boundFramework: TextDomain = {
        let domain = TextDomain("hubframework")
        if let directory = frameworkLocaleDirectory() { domain.bind(to: directory) }
        return domain
    }()

    private static func frameworkLocaleDirectory() -> URL? {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        let folder = executable.deletingLastPathComponent()
        let candidates = [folder.appendingPathComponent("locale"),
                          folder.deletingLastPathComponent().appendingPathComponent("share/locale")]
        return candidates.first { directory in
            (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.contains { language in
                FileManager.default.fileExists(atPath: directory.appendingPathComponent(
                    "\(language)/LC_MESSAGES/hubframework.mo").path)
            } ?? false
        }
    }
}
