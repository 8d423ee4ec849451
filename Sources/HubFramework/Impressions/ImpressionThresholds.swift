/// When a component with `logging` data counts as seen: at least ``visibleFraction`` of its area
/// visible, without interruption, for at least ``duration``.
///
/// The defaults are half of the area for 800 ms (docs/json.md, "Impressions"). A view
/// controller has thresholds of its own (`ViewController.impressionThresholds` in HubGTK), and a
/// component can override either value in its `logging` object (see ``overridden(byLogging:)``):
///
/// ```json
/// "logging": {"item": "croissant", "impression": {"visiblePercentage": 100, "durationMilliseconds": 2000}}
/// ```
public struct ImpressionThresholds: Sendable, Equatable, CustomStringConvertible {
    /// The key of `logging` that holds a component's own thresholds: `impression`.
    public static let loggingKey = "impression"
    /// The key, inside `logging.impression`, of the visible percentage: a number greater than 0 and
    /// at most 100.
    public static let visiblePercentageKey = "visiblePercentage"
    /// The key, inside `logging.impression`, of the duration in milliseconds: a number from 0 to
    /// 3,600,000 (``maximumDuration``).
    public static let durationMillisecondsKey = "durationMilliseconds"
    /// The longest duration accepted: one hour. Longer durations given in code are shortened to it;
    /// longer ones in `logging` are ignored, as any value that is not a valid duration.
    public static let maximumDuration: Duration = .seconds(3600)
    /// Half of the area for 800 ms.
    public static let `default` = ImpressionThresholds()

    private var storedFraction: Double
    private var storedDuration: Duration

    /// The part of the component's area that must be visible, greater than 0 and at most 1. Values
    /// above 1 become 1; 0 and below become the smallest positive fraction (any visible part
    /// counts); NaN becomes the default, 0.5.
    public var visibleFraction: Double {
        get { storedFraction }
        set { storedFraction = Self.clampedFraction(newValue) }
    }

    /// How long the component must stay that visible, from 0 to ``maximumDuration`` (values outside
    /// are clamped).
    public var duration: Duration {
        get { storedDuration }
        set { storedDuration = Self.clampedDuration(newValue) }
    }

    /// Thresholds of `visibleFraction` (clamped to (0, 1]) and `duration` (clamped to 0 through
    /// ``maximumDuration``).
    public init(visibleFraction: Double = 0.5, duration: Duration = .milliseconds(800)) {
        storedFraction = Self.clampedFraction(visibleFraction)
        storedDuration = Self.clampedDuration(duration)
    }

    /// These thresholds with the values a component's `logging` object gives in its `impression`
    /// object: `visiblePercentage` (greater than 0, at most 100) and `durationMilliseconds` (0 to
    /// 3,600,000). A value that is missing, not a number, or out of range is ignored: the
    /// component keeps this value. Other keys of `logging` are the app's and play no part.
    public func overridden(byLogging loggingData: JSONObject?) -> ImpressionThresholds {
        guard let settings = loggingData?[Self.loggingKey]?.objectValue else { return self }
        var result = self
        if let percentage = settings[Self.visiblePercentageKey]?.doubleValue, percentage > 0, percentage <= 100 {
            result.storedFraction = percentage / 100
        }
        if let milliseconds = settings[Self.durationMillisecondsKey]?.doubleValue, milliseconds >= 0,
            milliseconds <= 3_600_000
        {
            result.storedDuration = .milliseconds(milliseconds)
        }
        return result
    }

    /// `50% for 800 ms`.
    public var description: String {
        let percentage = (visibleFraction * 100 * 1000).rounded() / 1000
        return "\(percentage.formatted)% for \(duration.inMilliseconds.formatted) ms"
    }

    private static func clampedFraction(_ fraction: Double) -> Double {
        if fraction.isNaN { return 0.5 }
        return min(1, max(Double.leastNonzeroMagnitude, fraction))
    }

    private static func clampedDuration(_ duration: Duration) -> Duration {
        min(maximumDuration, max(.zero, duration))
    }
}

extension Duration {
    /// The duration in (fractional) milliseconds.
    package var inMilliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    /// The duration in (fractional) seconds.
    package var inSeconds: Double { inMilliseconds / 1000 }
}

extension Double {
    /// Without a fractional part when it is integral: `50`, `12.5`.
    fileprivate var formatted: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
