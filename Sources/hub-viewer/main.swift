import Foundation
import HubViewer
import HubFramework

// The thin executable: everything lives in the HubViewer library so tests can drive it. The
// command line is read by ViewerApplication, inside GApplication's handling of it.
HubLogging.bootstrap()  // HUB_LOG_LEVEL chooses how much the viewer says on standard error
let status = MainActor.assumeIsolated { ViewerApplication().run(arguments: CommandLine.arguments) }
exit(status)
