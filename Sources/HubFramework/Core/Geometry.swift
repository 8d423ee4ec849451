/// A point in a view's coordinate space (y grows downwards, as in GTK).
///
/// All geometry in the framework is in points: GTK's logical pixels, which are device pixels
/// divided by the window's scale factor.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate, growing to the right.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double
    /// Creates a point from its coordinates, in points.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin.
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(x), \(y))" }
}

/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent, in points.
    public var width: Double
    /// The vertical extent, in points.
    public var height: Double
    /// Creates a size, in points.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// No size. As an image size asked of a component it means "do not load this image".
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(width)×\(height)" }
}

/// An origin and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// Creates a rectangle from its top-left corner and its size.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// Creates a rectangle from the coordinates of its top-left corner and its size, in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }

    /// The empty rectangle at the origin; what layout queries return for an index out of bounds.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge (`minX + width`).
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge (`minY + height`).
    public var maxY: Double { origin.y + size.height }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width of ``size``.
    public var width: Double { size.width }
    /// The height of ``size``.
    public var height: Double { size.height }
    /// True when the width or the height is zero or negative.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// True when the two rectangles share a non-empty area.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// True when the point lies inside (the max edges excluded).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The same rectangle moved by `dx` to the right and `dy` down.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}

/// Distances from each edge of a rectangle.
///
/// The view controller's content inset is one: space kept free around the scrolling content.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// The distance from the top edge, in points.
    public var top: Double
    /// The distance from the left edge, in points.
    public var left: Double
    /// The distance from the bottom edge, in points.
    public var bottom: Double
    /// The distance from the right edge, in points.
    public var right: Double
    /// Creates insets from the four distances, in points.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No inset on any side.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    public var description: String { "(\(top), \(left), \(bottom), \(right))" }
}

/// Floating point helpers with the framework's tolerance.
public enum LayoutMath {
    /// The tolerance under which a value counts as zero.
    public static let epsilon = 0.00001

    /// Whether `value` is within ``epsilon`` of zero.
    public static func isZero(_ value: Double) -> Bool { abs(value) <= epsilon }

    /// Relative comparison, symmetric in both arguments (the original compared relative to `a` only).
    public static func isNearlyEqual(_ a: Double, _ b: Double, epsilon: Double = LayoutMath.epsilon) -> Bool {
        abs(a - b) <= epsilon * max(abs(a), abs(b))
    }
}
