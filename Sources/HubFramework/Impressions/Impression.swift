/// A component with `logging` data was seen: it stayed visible enough for long enough (its
/// ``thresholds``), once in this appearance.
///
/// An *appearance* begins when the component becomes visible enough and ends when it no longer is
/// (it scrolled away, or less than the fraction is left), when it leaves the view model, or when its
/// identity changes: its type (header, body, overlay), its identifier and its `logging` data. A
/// component that comes back after its appearance ended begins a new one, reported again. A reload
/// that keeps the component (same identifier, same `logging`) continues its appearance.
public struct Impression: Sendable, Equatable, CustomStringConvertible {
    /// The model the component showed when it was reported.
    public let model: ComponentModel
    /// Where the model sat when it was reported: header `[0]`, body `[row]`, overlays `[i]`,
    /// children extend their parent's path.
    public let indexPath: [Int]
    /// The part of the component's area that was visible when it was reported, from the threshold
    /// to 1.
    public let visibleFraction: Double
    /// When the appearance began: the component had been visible enough from then on.
    public let appearanceStart: ContinuousClock.Instant
    /// How long the component had been visible enough when it was reported: at least the
    /// thresholds' duration (more when the main loop was busy at the deadline).
    public let visibleDuration: Duration
    /// The thresholds the component was held to: the view's, with what its `logging` overrides.
    public let thresholds: ImpressionThresholds

    /// An impression; views make them, apps make them only to test what they do with them.
    public init(model: ComponentModel, indexPath: [Int], visibleFraction: Double,
                appearanceStart: ContinuousClock.Instant, visibleDuration: Duration, thresholds: ImpressionThresholds)
    {
        self.model = model
        self.indexPath = indexPath
        self.visibleFraction = visibleFraction
        self.appearanceStart = appearanceStart
        self.visibleDuration = visibleDuration
        self.thresholds = thresholds
    }

    /// Header, body or overlay (children have their root's type).
    public var componentType: ComponentType { model.type }
    /// The model's identifier.
    public var identifier: String { model.identifier }
    /// The model's `logging` object (an impression is only reported for models that have one).
    public var loggingData: JSONObject { model.loggingData ?? [:] }

    /// The line `hub-viewer --log-impressions` prints, without the view: see ``logLine(viewURI:)``.
    public var description: String { logLine(viewURI: nil) }
}
