import Foundation

/// The content of a `ScrollCanvas` moving by itself, as numbers: a step animated to a target (a
/// wheel notch, a key), or momentum that decays after the fingers leave the touchpad, measured from
/// the touchpad's recent deltas. The canvas drives it from the frame clock (`ScrollClock`) and
/// applies the offsets it gives; nothing here speaks GTK.
struct ScrollMotion {
    /// Momentum decays by this factor per second.
    static let friction = 4.0
    /// Below this speed (pixels per second) momentum stops.
    static let minimumVelocity = 30.0
    /// Length of the animation for discrete (wheel and key) scrolls.
    static let stepAnimationDuration = 0.15
    /// How far back the touchpad's deltas count for the speed at release, in seconds.
    private static let sampleWindow = 0.1
    /// How many of the touchpad's deltas are kept.
    private static let sampleLimit = 20

    /// The momentum's speed, in pixels per second (0 without momentum).
    private(set) var velocity: Double = 0
    /// The touchpad's recent deltas, with their event times in seconds.
    private var samples: [(time: Double, delta: Double)] = []
    /// Where the step animation under way ends.
    private(set) var animationTarget: Double?
    /// Where and when the step animation under way started.
    private var animationStart: (offset: Double, time: Double)?
    /// The frame time of the last tick, in seconds.
    private var lastFrameTime: Double = 0

    /// The offset a gesture released at `offset` with `velocity` comes to rest at.
    static func restingOffset(from offset: Double, velocity: Double) -> Double {
        offset + velocity / friction
    }

    /// Whether the momentum is fast enough to go on.
    var hasMomentum: Bool { abs(velocity) >= Self.minimumVelocity }

    /// Stops the animation and the momentum.
    mutating func stop() {
        velocity = 0
        animationTarget = nil
        animationStart = nil
    }

    /// Notes a touchpad delta of `delta` pixels at `time` (seconds).
    mutating func record(delta: Double, at time: Double) {
        samples.append((time, delta))
        if samples.count > Self.sampleLimit { samples.removeFirst(samples.count - Self.sampleLimit) }
    }

    /// The fingers lifted at `now`: the speed of the deltas of the last tenth of a second (0 without
    /// two of them), and the deltas forgotten.
    mutating func releaseVelocity(at now: Double) -> Double {
        let recent = samples.filter { now - $0.time <= Self.sampleWindow }
        samples.removeAll()
        guard let first = recent.first, let last = recent.last, last.time > first.time else { return 0 }
        return recent.map(\.delta).reduce(0, +) / (last.time - first.time)
    }

    /// Starts a step animation from `offset` at `time` to `target`. An animation already under way
    /// to the same target goes on as it was: a held key (End, Home) repeats thirty times a second,
    /// and starting again from where the content stands at each repeat would make it crawl.
    mutating func animate(from offset: Double, to target: Double, at time: Double) {
        if animationTarget == target, animationStart != nil { return }
        animationTarget = target
        animationStart = (offset, time)
    }

    /// Starts momentum at `velocity` (ending any step animation).
    mutating func startMomentum(velocity: Double) {
        self.velocity = velocity
        animationTarget = nil
        animationStart = nil
    }

    /// Starts counting frames at `time`.
    mutating func startClock(at time: Double) {
        lastFrameTime = time
    }

    /// A frame at `now`: returns the seconds since the last one.
    mutating func advanceClock(to now: Double) -> Double {
        let elapsed = max(0, now - lastFrameTime)
        lastFrameTime = now
        return elapsed
    }

    /// Where the step animation puts the offset at `now` (eased out), and whether it has arrived;
    /// nil without an animation.
    func animatedOffset(at now: Double) -> (offset: Double, isFinished: Bool)? {
        guard let target = animationTarget, let start = animationStart else { return nil }
        let progress = min(1, (now - start.time) / Self.stepAnimationDuration)
        let eased = 1 - pow(1 - progress, 3)
        return (start.offset + (target - start.offset) * eased, progress >= 1)
    }

    /// Ends the step animation.
    mutating func endAnimation() {
        animationTarget = nil
        animationStart = nil
    }

    /// The momentum after `elapsed` seconds of friction; stopped when the content could not move
    /// (`blocked`: it hit either end).
    mutating func decay(over elapsed: Double, blocked: Bool) {
        velocity *= exp(-Self.friction * elapsed)
        if blocked { velocity = 0 }
    }

    /// Stops the momentum.
    mutating func endMomentum() {
        velocity = 0
    }
}
