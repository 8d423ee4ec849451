import Foundation
import HubFramework

/// Predicates of the kinds features declare, built once.
private let exact = ViewURIPredicate(viewURI: URL(string: "hub-demo:root")!)
private let prefix = ViewURIPredicate(rootViewURI: URL(string: "hub-demo:reallylonglist")!,
                                      excludedViewURIs: [URL(string: "hub-demo:reallylonglist:million")!])
private let pattern = try! ViewURIPredicate(regularExpression: "spotify:(album|artist):[0-9a-zA-Z]{1,40}")
private let any = ViewURIPredicate { _ in true }

/// One input, from libFuzzer: the input, as text, is a URI matched against each predicate; when it
/// is a valid URI it is also used as the root of a prefix predicate and matched against itself.
func fuzzViewURIPredicate(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let text = String(decoding: data, as: UTF8.self)
    // Text that is not a URI as it stands is percent-encoded into one, so that every input reaches
    // the predicates.
    let encoded = text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed).map { "x:" + $0 }
    guard let uri = URL(string: text) ?? encoded.flatMap(URL.init(string:)) else { return 0 }
    _ = exact.evaluate(uri)
    _ = prefix.evaluate(uri)
    _ = pattern.evaluate(uri)
    guard any.evaluate(uri) else { fatalError("a predicate that accepts everything refused \(uri)") }
    let own = ViewURIPredicate(rootViewURI: uri)
    guard own.evaluate(uri) else { fatalError("a root URI does not match itself: \(uri)") }
    guard ViewURIPredicate(viewURI: uri).evaluate(uri) else { fatalError("a URI does not match itself: \(uri)") }
    let excluded = ViewURIPredicate(rootViewURI: uri, excludedViewURIs: [uri])
    guard !excluded.evaluate(uri) else { fatalError("an excluded URI matched: \(uri)") }
    return 0
}
