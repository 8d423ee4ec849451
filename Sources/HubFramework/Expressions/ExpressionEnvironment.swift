/// The read-only facts about the person and the window that every expression can read, as the
/// variables `env.locale`, `env.direction`, `env.colorScheme` and `env.widthClass` (all strings).
///
/// The app fills it in (``ExpressionVariables/init(declarations:environment:)``) and updates it when
/// the facts change; expressions that read an `env` variable list its slot in their dependencies.
/// The locale is also the one that `decimalFormat` and `formatDateAsLocal` format in.
public struct ExpressionEnvironment: Sendable, Hashable {
    /// Light or dark colours.
    public enum ColorScheme: String, Sendable, Hashable, CaseIterable {
        /// Dark text on a light background.
        case light
        /// Light text on a dark background.
        case dark
    }

    /// How much horizontal room the view has.
    public enum WidthClass: String, Sendable, Hashable, CaseIterable {
        /// Narrower than 600 pixels: a phone, a window snapped to a third of a screen.
        case compact
        /// From 600 up to 840 pixels.
        case medium
        /// 840 pixels and wider.
        case wide

        /// The class of a view `width` pixels wide. The bounds are the window size classes of
        /// Material Design (600 and 840), which authors of responsive layouts already know.
        public init(width: Double) {
            self = width < 600 ? .compact : width < 840 ? .medium : .wide
        }
    }

    /// The person's language and region as a BCP 47 tag (`en-US`, `ru-RU`); `env.locale`.
    public var locale: String
    /// The reading direction; `env.direction` is `ltr` or `rtl`.
    public var direction: LayoutDirection
    /// `env.colorScheme`.
    public var colorScheme: ColorScheme
    /// `env.widthClass`.
    public var widthClass: WidthClass

    /// Creates an environment.
    /// - Parameters:
    ///   - locale: a BCP 47 tag; `en-US` by default.
    ///   - direction: left to right by default.
    ///   - colorScheme: light by default.
    ///   - widthClass: medium by default.
    public init(locale: String = "en-US", direction: LayoutDirection = .leftToRight, colorScheme: ColorScheme = .light,
                widthClass: WidthClass = .medium)
    {
        self.locale = locale
        self.direction = direction
        self.colorScheme = colorScheme
        self.widthClass = widthClass
    }

    /// The names of the environment variables, in slot order.
    static let variableNames = ["env.locale", "env.direction", "env.colorScheme", "env.widthClass"]

    /// The values of the environment variables, in slot order.
    var values: [ExpressionValue] {
        [.string(locale), .string(direction.rawValue), .string(colorScheme.rawValue), .string(widthClass.rawValue)]
    }
}
