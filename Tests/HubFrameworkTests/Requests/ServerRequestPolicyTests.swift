import Foundation
import XCTest
@testable import HubFramework

/// Where a document's requests may go: its own origin, the allowed ones, never `file:`.
final class ServerRequestPolicyTests: XCTestCase {
    private let shop = URL(string: "https://shop.example/views/home.json")!

    func testARemoteDocumentReachesItsOwnOriginAndTheAllowedOnes() {
        let policy = ServerRequestPolicy(allowedOrigins: [URL(string: "https://api.example")!])
        let remote = ContentOrigin(documentURL: shop)
        XCTAssertNil(policy.refusal(for: URL(string: "https://shop.example/basket")!, documentURL: shop, origin: remote))
        XCTAssertNil(policy.refusal(for: URL(string: "https://SHOP.example:443/basket")!, documentURL: shop, origin: remote))
        XCTAssertNil(policy.refusal(for: URL(string: "https://api.example/v1")!, documentURL: shop, origin: remote))
        XCTAssertNotNil(policy.refusal(for: URL(string: "http://shop.example/basket")!, documentURL: shop, origin: remote),
                        "another scheme is another origin")
        XCTAssertNotNil(policy.refusal(for: URL(string: "https://shop.example:8443/basket")!, documentURL: shop, origin: remote),
                        "another port is another origin")
        XCTAssertNotNil(policy.refusal(for: URL(string: "https://evil.example/")!, documentURL: shop, origin: remote))
    }

    func testNoDocumentReachesLocalFilesOrOtherSchemes() {
        let policy = ServerRequestPolicy(allowedOrigins: [URL(string: "https://shop.example")!],
                                         allowsNetworkFromLocalDocuments: true)
        for origin in [ContentOrigin.local, .remote(host: "shop.example"), .live] {
            for text in ["file:///etc/passwd", "hub-json:%66ile:///etc/passwd", "FILE:/etc/passwd", "ftp://shop.example/x",
                         "hub-json:file:///tmp/a.json", "data:,x"]
            {
                let url = URL(string: text)!
                XCTAssertNotNil(policy.refusal(for: url, documentURL: shop, origin: origin), "\(origin): \(text)")
            }
        }
    }

    func testLocalDocumentsReachTheNetworkOnlyWhenTheAppSaysSo() {
        let target = URL(string: "https://api.example/x")!
        XCTAssertNotNil(ServerRequestPolicy().refusal(for: target, documentURL: nil, origin: .local))
        let file = URL(fileURLWithPath: "/tmp/view.json")
        XCTAssertNotNil(ServerRequestPolicy().refusal(for: target, documentURL: file, origin: .local))
        XCTAssertNil(ServerRequestPolicy(allowsNetworkFromLocalDocuments: true).refusal(for: target, documentURL: file, origin: .local),
                     "any origin when none are named")
        let allowedOnly = ServerRequestPolicy(allowedOrigins: [URL(string: "https://other.example")!])
        XCTAssertNil(allowedOnly.refusal(for: URL(string: "https://other.example/y")!, documentURL: file, origin: .local),
                     "an origin the app names is the app saying so, for local documents too")
        XCTAssertNotNil(allowedOnly.refusal(for: target, documentURL: file, origin: .local), "and only that one")
        XCTAssertNotNil(allowedOnly.refusal(for: target, documentURL: nil, origin: .local), "from code as from a file")
        let named = ServerRequestPolicy(allowedOrigins: [URL(string: "https://other.example")!], allowsNetworkFromLocalDocuments: true)
        XCTAssertNotNil(named.refusal(for: target, documentURL: file, origin: .local), "only the named ones when some are")
        XCTAssertNil(named.refusal(for: URL(string: "https://other.example/y")!, documentURL: file, origin: .local))
    }

    func testALiveDocumentReachesOnlyTheAllowedOrigins() {
        let target = URL(string: "https://api.example/x")!
        XCTAssertNotNil(ServerRequestPolicy().refusal(for: target, documentURL: nil, origin: .live))
        XCTAssertNil(ServerRequestPolicy(allowedOrigins: [URL(string: "https://api.example:443/")!])
            .refusal(for: target, documentURL: nil, origin: .live))
    }
}
