import CGtk
import XCTest
@testable import HubGTK

/// Placeholder until the bridge test lands.
final class MainLoopBridgeTests: XCTestCase {}
