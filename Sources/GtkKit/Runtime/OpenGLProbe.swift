import Foundation

/// Whether GTK probes OpenGL when it opens the display.
///
/// GTK 3 on X11 asks the display for OpenGL as it opens it, whether or not anything will ever draw
/// with it: libepoxy loads the system's GL driver (Mesa, and with the software renderer LLVM) and
/// GDK picks visuals for it. The framework draws everything with Cairo, so by default that probe is
/// skipped, through GDK's own switch, `GDK_GL=disable`, set for GTK's initialisation only. Under
/// Xvfb it is about 30 ms, close to half of an empty GTK window's launch
/// (docs/benchmarks.md, "Start and small views"). On Wayland GTK makes its EGL display only when a
/// GL context is made, so there is nothing to skip.
///
/// The variable is set only when the person has not set `GDK_GL` themselves, and taken away again as
/// soon as GTK has read it, so that programs the app launches see the environment it was given.
@MainActor
enum OpenGLProbe {
    private static let variable = "GDK_GL"
    /// Whether this set the variable, to take it away again.
    private static var hasSetVariable = false

    /// Before GTK opens the display: asks it not to probe OpenGL, unless `wanted`.
    static func prepare(probes wanted: Bool) {
        guard !wanted, !hasSetVariable, getenv(variable) == nil else { return }
        setenv(variable, "disable", 0)
        hasSetVariable = true
    }

    /// Once GTK has opened the display (it reads the variable then, and only then).
    static func restore() {
        guard hasSetVariable else { return }
        unsetenv(variable)
        hasSetVariable = false
    }
}
