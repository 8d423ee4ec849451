/// A color with red, green, blue and alpha components between 0 and 1 (the toolkit-free stand-in
/// for `UIColor`/`GdkRGBA`).
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The red component, 0 to 1.
    public var red: Double
    /// The green component, 0 to 1.
    public var green: Double
    /// The blue component, 0 to 1.
    public var blue: Double
    /// The opacity, from 0 (transparent) to 1 (opaque).
    public var alpha: Double

    /// Creates a colour from components between 0 and 1 (not clamped; values outside are passed
    /// on as they are).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A shade of gray.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Opaque black.
    public static let black = Color(white: 0)
    /// Opaque white.
    public static let white = Color(white: 1)
    /// Fully transparent black.
    public static let clear = Color(white: 0, alpha: 0)

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
