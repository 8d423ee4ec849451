import Foundation
import Logging

/// Diagnostics of HubFramework go through swift-log's `Logger`; this is where an application turns
/// them on and the place that names the conventions.
///
/// **For applications.** Call `HubLogging.bootstrap()` once, first thing in `main` (hublive does it
/// at the start of `run()`). It ignores `SIGPIPE`, so that a closed pipe on standard error or
/// output (`APP 2>&1 | head -1`) does not end the process, and installs a handler that writes one
/// line per message to standard error, without ever waiting for its reader (`handler(label:level:)`),
/// at the level named by the environment variable `HUB_LOG_LEVEL`: `trace`, `debug`,
/// `info`, `notice`, `warning`, `error` or `critical` (any case). Unset, empty or unknown values
/// give `warning` (`defaultLevel`), so that a terminal shows only what went wrong unless asked for
/// more; an unknown value is itself reported as a warning. Calling `bootstrap()` again does
/// nothing. Call it *instead of* `LoggingSystem.bootstrap`, never in addition: swift-log allows
/// one bootstrap per process.
///
/// **For library code.** Never bootstrap: that is the application's choice (an application may
/// install another swift-log backend). Make loggers with `HubLogging.logger(_:)`. Until an
/// application bootstraps, swift-log's default handler writes `info` and above to standard error.
///
/// **Labels** are `org.hubframework.` followed by a lowercase, dot-separated area: the core's
/// areas by name (`images`), the other modules prefixed by their own name (`gtk.icons`,
/// `viewer.live`), the tools by theirs (`hublive`). Levels: `warning` for something that went
/// wrong and was worked around (an image that failed, an API used from the wrong thread), `error`
/// for something the user will notice, `debug`/`trace` for following what happens.
public enum HubLogging {
    /// The environment variable that chooses the level: `HUB_LOG_LEVEL`.
    public static let levelVariable = "HUB_LOG_LEVEL"
    /// The level when `HUB_LOG_LEVEL` is unset, empty or unknown.
    public static let defaultLevel: Logger.Level = .warning
    /// The first part of every logger label of this project.
    public static let labelPrefix = "org.hubframework"

    /// `org.hubframework.<area>`.
    public static func label(_ area: String) -> String { "\(labelPrefix).\(area)" }

    /// A logger labelled `org.hubframework.<area>`.
    public static func logger(_ area: String) -> Logger { Logger(label: label(area)) }

    /// The level a value of `HUB_LOG_LEVEL` names (case and surrounding spaces ignored); nil for
    /// nil, empty or unknown values.
    public static func level(named value: String?) -> Logger.Level? {
        guard let value else { return nil }
        return Logger.Level(rawValue: value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
    }

    /// The level `bootstrap(environment:)` chooses for `environment`, and the warning to log when
    /// `HUB_LOG_LEVEL` is set to something that is not a level (nil otherwise).
    public static func level(environment: [String: String]) -> (level: Logger.Level, problem: String?) {
        let value = environment[levelVariable] ?? ""
        if let level = level(named: value) { return (level, nil) }
        if value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return (defaultLevel, nil) }
        let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
        return (defaultLevel, "\(levelVariable)=\"\(value)\" is not one of \(names); logging at \(defaultLevel)")
    }

    /// The handler `bootstrap` installs for each label: one line per message on standard error,
    /// at `level`. Public so that an application that combines handlers (swift-log's
    /// `MultiplexLogHandler`) can include it.
    ///
    /// Logging never waits for whoever reads standard error: the lines are queued (up to 1 MiB)
    /// and written by a thread of their own, so a slow reader or a full pipe cannot stall the
    /// thread that logs, the GTK main loop included. When the queue is full, lines are dropped and
    /// a line says how many (`12 lines dropped: the reader of standard error is too slow`); when
    /// the reader is gone, nothing more is written. At exit the process waits up to 2 s for the
    /// lines still queued.
    public static func handler(label: String, level: Logger.Level) -> any LogHandler {
        var handler = StreamLogHandler(label: label, stream: StandardStreamWriter.standardError)
        handler.logLevel = level
        return handler
    }

    /// Ignores `SIGPIPE` for the process (writing to a pipe whose reader is gone then fails
    /// instead of ending the process) and installs `handler(label:level:)` as the process's logging
    /// backend, at the level `HUB_LOG_LEVEL` names in `environment`. Only the first call in a
    /// process installs anything; every call returns the level of the first.
    @discardableResult
    public static func bootstrap(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Logger.Level
    {
        StandardStreamWriter.ignoreBrokenPipeSignal()
        return processBootstrap.run(environment: environment)
    }

    static let processBootstrap = Bootstrap { level in
        LoggingSystem.bootstrap { label in HubLogging.handler(label: label, level: level) }
    }

    /// Runs `install` once, however many threads call `run`; separate from `LoggingSystem` so
    /// that tests can check the once-only behaviour without bootstrapping the test process.
    final class Bootstrap: @unchecked Sendable {
        private let lock = NSLock()
        private var installed: Logger.Level?
        private let install: @Sendable (Logger.Level) -> Void
        private let report: @Sendable (String) -> Void

        init(install: @escaping @Sendable (Logger.Level) -> Void,
             report: @escaping @Sendable (String) -> Void = { HubLogging.logger("logging").warning("\($0)") })
        {
            self.install = install
            self.report = report
        }

        func run(environment: [String: String]) -> Logger.Level {
            let (level, problem, isFirst) = lock.withLock { () -> (Logger.Level, String?, Bool) in
                if let installed { return (installed, nil, false) }
                let choice = HubLogging.level(environment: environment)
                install(choice.level)
                installed = choice.level
                return (choice.level, choice.problem, true)
            }
            // After the handler is in place, so that the warning goes through it.
            if isFirst, let problem { report(problem) }
            return level
        }
    }
}
