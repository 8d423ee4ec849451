import Foundation

/// Fills the placeholders of a translated message: `%s` and `%d` in order, or `%1$s`, `%2$d`…
/// by position (a translation may need its arguments in another order), and `%%` for a percent
/// sign. These are C's conversions, so `xgettext` marks the messages `c-format` and `msgfmt --check`
/// rejects a translation that drops or adds one.
package enum LocalizedFormat {
    /// `template` with its placeholders replaced by `arguments`. A placeholder without an argument
    /// is left as it is.
    package static func substitute(_ template: String, _ arguments: [String]) -> String {
        guard template.contains("%") else { return template }
        var result = ""
        var next = 0
        var characters = Substring(template)
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            var rest = characters[characters.index(after: percent)...]
            if rest.first == "%" {
                result += "%"
                characters = rest.dropFirst()
                continue
            }
            var position: Int?
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$" {
                position = Int(digits).map { $0 - 1 }
                rest = rest.dropFirst(digits.count + 1)
            }
            guard let conversion = rest.first, conversion == "s" || conversion == "d" else {
                result += "%"
                characters = characters[characters.index(after: percent)...]
                continue
            }
            let index = position ?? next
            next = index + 1
            result += arguments.indices.contains(index) ? arguments[index] : String(characters[percent...rest.startIndex])
            characters = rest.dropFirst()
        }
        return result + characters
    }

    /// `value` written in the way of the process's numeric locale (its grouping: 1,000 in English,
    /// 1.000 in German); plain digits in the C locale, as C writes them.
    package static func number(_ value: Int) -> String {
        guard let locale = numericLocale() else { return String(value) }
        return value.formatted(.number.locale(locale))
    }

    /// The locale of the text the person reads and types (`LC_CTYPE`, whose case rules a search
    /// folds by: Turkish has a dotted and a dotless "i"); `en_US_POSIX` in the C and POSIX locales.
    package static func textLocale() -> Locale {
        locale(of: LC_CTYPE) ?? Locale(identifier: "en_US_POSIX")
    }

    /// The locale of `LC_NUMERIC`.
    private static func numericLocale() -> Locale? { locale(of: LC_NUMERIC) }

    /// The locale of the C library's `category`, which GTK sets from the environment (`LC_ALL`,
    /// `LC_NUMERIC`, `LANG`…) when it starts. Foundation's `Locale.current` does not follow the
    /// environment on Linux, so it is read from the C library. Nil for the C and POSIX locales.
    private static func locale(of category: Int32) -> Locale? {
        guard let name = setlocale(category, nil).map({ String(cString: $0) }) else { return nil }
        // "de_DE.UTF-8@euro" → "de_DE"
        let identifier = name.prefix { $0 != "." && $0 != "@" }
        guard !identifier.isEmpty, identifier != "C", identifier != "POSIX" else { return nil }
        return Locale(identifier: String(identifier))
    }
}

/// A message of the framework's own in the user's language (``TextDomain/framework``), its
/// placeholders filled from `arguments`. The keyword `xgettext` collects for po/hubframework.pot.
package func localized(_ message: String, _ arguments: String...) -> String {
    TextDomain.framework.translate(message, arguments)
}

/// The singular or plural form of a message of the framework's own for `count`
/// (``TextDomain/plural(_:_:count:_:)``); `xgettext`'s keyword `localizedPlural:1,2`.
package func localizedPlural(_ singular: String, _ plural: String, count: Int, _ arguments: String...) -> String {
    TextDomain.framework.translate(singular, plural, count: count, arguments)
}
