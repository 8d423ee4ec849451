import Foundation
import HubFramework

/// The readers that turn a URI into what a loader opens: the viewer's `hub-json:` wrapper, and a
/// URL read as it stands (a `file:` target, a `file:` image or document).
private let wrapped = WrappedDocumentURI(scheme: "hub-json")

/// One input, from libFuzzer, checked two ways against ``ContentOriginPolicy`` as the oracle:
/// whenever a reader would open a local file for a URI, the policy must say that the URI reaches
/// local files, so that remote and live content cannot open it.
///
/// 1. The input's text as a URI.
/// 2. The input as a recipe that spells `hub-json:file:///tmp/secret.json` another way: each byte
///    chooses what happens to the next character (kept, upper case, percent-encoded once or twice,
///    full width, or preceded by a character readers drop), so libFuzzer explores spellings rather
///    than random text.
func fuzzURIOrigin(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    check(String(decoding: data, as: UTF8.self))
    check(spelling(recipe: data))
    return 0
}

private func check(_ text: String) {
    // It always ends, whatever the text (libFuzzer reports an input that takes too long).
    _ = ContentOriginPolicy.reachesLocalFiles(text: text)
    guard let uri = URL(string: text) else { return }
    let opened: [URL] = [uri, wrapped.documentURL(in: uri)].compactMap { $0 }
    for url in opened where url.scheme?.lowercased() == "file" || url.isFileURL {
        guard ContentOriginPolicy.reachesLocalFiles(uri) else {
            fatalError("\(text.debugDescription) opens the local file \(url.absoluteString), and the policy lets remote content open it")
        }
        guard !ContentOriginPolicy.allowsDocument(at: url, from: .remote(host: "example.org")) else {
            fatalError("a remote view may load its document from \(url.absoluteString)")
        }
    }
}

private let target = Array("hub-json:file:///tmp/secret.json")
private let ignored: [String] = ["%00", "%09", "%E2%80%8B", "%C2%AD", "\t", "\u{200B}", "%EF%BB%BF"]

private func spelling(recipe: Data) -> String {
    var result = ""
    for (index, character) in target.enumerated() {
        let choice = index < recipe.count ? recipe[recipe.startIndex + index] : 0
        let text = String(character)
        switch choice % 8 {
        case 1: result += text.uppercased()
        case 2: result += text.utf8.map { String(format: "%%%02X", $0) }.joined()
        case 3: result += text.utf8.map { String(format: "%%25%02X", $0) }.joined()
        case 4:
            // The full-width form of an ASCII letter or colon (U+FF01…U+FF5E).
            if let scalar = character.unicodeScalars.first, (0x21...0x7E).contains(scalar.value),
                let wide = Unicode.Scalar(scalar.value + 0xFEE0)
            {
                result.unicodeScalars.append(wide)
            } else {
                result += text
            }
        case 5: result += ignored[Int(choice / 8) % ignored.count] + text
        default: result += text
        }
    }
    return result
}
