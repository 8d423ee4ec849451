import Foundation
import HubViewer

// The thin executable: everything lives in the HubViewer library so tests can drive it. The
// command line is read by ViewerApplication, inside GApplication's handling of it.
let status = MainActor.assumeIsolated { ViewerApplication().run(arguments: CommandLine.arguments) }
exit(status)
