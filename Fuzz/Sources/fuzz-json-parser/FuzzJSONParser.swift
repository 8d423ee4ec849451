import Foundation
import HubFramework

/// One input, from libFuzzer: parses the input with the default limits. Throwing is the expected
/// outcome for most inputs; a crash, a sanitizer report or a hang is a bug.
func fuzzJSONParser(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        let value = try JSONParser().parse(data)
        // A parsed value must survive being walked and described (what error messages do with it).
        _ = value.kindDescription
    } catch {
        _ = error.description
    }
    return 0
}
