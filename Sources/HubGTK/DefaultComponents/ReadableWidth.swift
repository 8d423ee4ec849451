import HubFramework

/// The widest the default list-like components get: rows, search bars and coloured panels.
///
/// Across a desktop window a list keeps to a column people can read, which the default layout
/// manager centers (the components carry ``/HubFramework/LayoutTrait/readableWidth``), instead of
/// a title at one edge of the screen and its chevron at the other. Below the limit (a phone-sized or
/// an 800-point window) they span the container as before.
public enum ReadableWidth {
    /// The limit, in points.
    public static let maximum = 800.0

    /// The width of a readable-width component in a container `containerWidth` wide.
    public static func width(in containerWidth: Double) -> Double {
        max(0, min(containerWidth, maximum))
    }
}
