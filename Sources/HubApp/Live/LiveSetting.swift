/// What the live-editing service does when the app starts, from its launch's command line.
enum LiveSetting: Equatable, Sendable {
    /// Listen on 127.0.0.1 at this port.
    case port(UInt16)
    /// Off (`--no-live`).
    case disabled
}
